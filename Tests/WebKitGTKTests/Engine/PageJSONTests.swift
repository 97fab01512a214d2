import Foundation
import Testing

@testable import WebKitGTK

/// `PageJSON` must read every text as `JSONSerialization` reads it: the same types, the
/// same values, the same failures.
struct PageJSONTests {
    /// JSON texts made from a fixed seed: documents as JavaScriptCore writes them, with
    /// space, numbers and strings in every form JSON has, and some of them broken.
    static func texts(_ count: Int) -> [String] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func pick(_ choices: [String]) -> String { choices[next(choices.count)] }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(next(10))) }) }
        func space() -> String { next(6) == 0 ? pick([" ", "\n", "\t ", "\r\n"]) : "" }

        func number() -> String {
            let sign = next(3) == 0 ? "-" : ""
            switch next(8) {
            case 0: return sign + pick(["0", "1", "9", "18"])
            case 1: return sign + String(next(9) + 1) + digits(next(21))
            case 2: return sign + pick(["9223372036854775807", "9223372036854775808", "999999999999999999"])
            case 3: return sign + String(next(1000)) + "." + digits(next(17) + 1)
            case 4:
                return sign + String(next(100)) + pick(["e", "E"]) + pick(["", "+", "-"]) + String(next(400))
            case 5: return sign + "0." + digits(next(5) + 1) + "e-" + String(next(330))
            case 6: return pick(["01", "1.", ".5", "1e", "-", "+1", "0x10", "1.5e+", "Infinity", "NaN"])
            default: return sign + String(Double(next(1_000_000)) / Double(next(999) + 1))
            }
        }

        func string() -> String {
            var text = "\""
            for _ in 0..<next(12) {
                switch next(12) {
                case 0: text += pick(["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"])
                case 1: text += String(format: "\\u%04x", next(0x20))
                case 2: text += pick(["\\ud83d\\ude00", "\\uD834\\uDD1E", "\\u00e9", "\\u2028", "\\uFFFD"])
                case 3: text += pick(["\\ud800", "\\udc00x", "\\ud83d\\u0041", "\\u12", "\\x", "\u{01}"])
                case 4: text += pick(["é", "日本", "😀", "\u{7F}", "a\u{301}", "\u{2028}"])
                default: text += pick(["a", "lake", " ", "i", "0", "{", "]", ":", ","])
                }
            }
            return text + (next(40) == 0 ? "" : "\"")
        }

        func value(_ depth: Int) -> String {
            switch next(depth > 3 ? 6 : 9) {
            case 0, 1: return number()
            case 2, 3: return string()
            case 4: return pick(["true", "false", "null", "nul", "True"])
            case 5: return number()
            case 6:
                let members = (0..<next(5)).map { _ in space() + string() + space() + ":" + value(depth + 1) }
                return "{" + members.joined(separator: ",") + space() + "}"
            default:
                let elements = (0..<next(5)).map { _ in space() + value(depth + 1) + space() }
                return "[" + elements.joined(separator: ",") + "]"
            }
        }

        return (0..<count).map { index in
            if index % 50 == 0 {
                // Nesting around the reader's limit.
                let depth = PageJSON.deepestNesting - 2 + next(5)
                return String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            }
            var text = space() + value(0) + space()
            if next(30) == 0, !text.isEmpty {
                // Broken: cut short, or with a stray character.
                let cut = text.index(text.startIndex, offsetBy: next(text.count))
                text =
                    next(2) == 0 ? String(text[..<cut]) : String(text[..<cut]) + pick(["}", ",", "x"]) + text[cut...]
            }
            return text
        }
    }

    /// Whether two values have the same type and value, numbers bit for bit.
    static func same(_ first: Any, _ second: Any) -> Bool {
        guard String(reflecting: type(of: first)) == String(reflecting: type(of: second)) else { return false }
        switch (first, second) {
        case (let first as [String: Any], let second as [String: Any]):
            return first.count == second.count
                && first.allSatisfy { key, value in second[key].map { same(value, $0) } ?? false }
        case (let first as [Any], let second as [Any]):
            return first.count == second.count && zip(first, second).allSatisfy { same($0, $1) }
        case (let first as String, let second as String):
            return first.unicodeScalars.elementsEqual(second.unicodeScalars)
        case (let first as NSNumber, let second as NSNumber):
            return String(cString: first.objCType) == String(cString: second.objCType)
                && first.int64Value == second.int64Value
                && first.doubleValue.bitPattern == second.doubleValue.bitPattern
                && first.description == second.description
        case (is NSNull, is NSNull):
            return true
        default:
            return false
        }
    }

    @Test func everyTextIsReadAsJSONSerializationReadsIt() throws {
        var quick = 0
        var wellFormed = 0
        for text in Self.texts(20_000) {
            let expected = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            if expected != nil { wellFormed += 1 }
            if let value = PageJSON.quickValue(of: text) {
                quick += 1
                let expected = try #require(expected, "JSONSerialization refuses \(text.debugDescription)")
                #expect(Self.same(value, expected), "\(text.debugDescription)")
            }
            let read = try? PageJSON.read(text)
            #expect((read == nil) == (expected == nil), "\(text.debugDescription)")
            if let read, let expected { #expect(Self.same(read, expected), "\(text.debugDescription)") }
        }
        // Most well-formed texts are read without JSONSerialization.
        #expect(quick * 10 >= wellFormed * 7, "\(quick) of \(wellFormed) read quickly")
    }

    @Test(arguments: [
        #"{"i":1}"#, #"{"x":0,"y":1.5,"width":1024,"height":768.25}"#, #"[1,-2,3.5e-7,"a\nb",true,false,null,{}]"#,
        #""lake""#, "0", "-17", "999999999999999999", "1e+21", #"{"name":"Baïkal","depths":[1642,758.5]}"#,
        #""\ud83d\ude00 \u00e9\\\"""#,
    ])
    func whatPagesSendIsReadWithoutJSONSerialization(_ text: String) throws {
        let value = try #require(PageJSON.quickValue(of: text))
        #expect(Self.same(value, try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)))
    }

    @Test(arguments: [
        "-0", "12345678901234567890", "-9223372036854775808", "1e400", #""\ud800""#, "{\"a\":1", "", "[1,]", "01",
        String(repeating: "[", count: PageJSON.deepestNesting + 1)
            + String(repeating: "]", count: PageJSON.deepestNesting + 1),
    ])
    func theRestIsLeftToJSONSerialization(_ text: String) {
        #expect(PageJSON.quickValue(of: text) == nil)
        let expected = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        let read = try? PageJSON.read(text)
        #expect((read == nil) == (expected == nil))
        if let read, let expected { #expect(Self.same(read, expected)) }
    }
}
