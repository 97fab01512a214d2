import Foundation
import Testing

@testable import WebKitGTK

@MainActor
struct ScrollPositionTests {
    @Test func eachInitializerAsksForItsTarget() {
        #expect(ScrollPosition().edge == nil && ScrollPosition().point == nil && ScrollPosition().viewID == nil)
        #expect(ScrollPosition(idType: Int.self).viewID == nil)
        #expect(ScrollPosition(edge: .bottom).edge == .bottom)
        #expect(ScrollPosition(point: CGPoint(x: 1, y: 2)).point == CGPoint(x: 1, y: 2))
        #expect(ScrollPosition(x: 3, y: 4).point == CGPoint(x: 3, y: 4))
        #expect(ScrollPosition(y: 5).point == nil)
        #expect(ScrollPosition(y: 5).target == .y(5))
        #expect(ScrollPosition(x: 6).target == .x(6))
        #expect(ScrollPosition(id: "lake", anchor: .center).viewID(type: String.self) == "lake")
        #expect(ScrollPosition(id: 7).viewID(type: Int.self) == 7)
        #expect(ScrollPosition(id: 7).viewID(type: String.self) == nil)
    }

    @Test func eachRequestReplacesTheLastAndIsAChange() {
        var position = ScrollPosition(edge: .top)
        let before = position
        position.scrollTo(id: "history")
        #expect(position.edge == nil)
        #expect(position.viewID as? String == "history")
        position.scrollTo(point: CGPoint(x: 0, y: 10))
        #expect(position.viewID == nil && position.point == CGPoint(x: 0, y: 10))
        position.scrollTo(edge: .top)
        #expect(position.edge == .top)
        #expect(position != before, "a new request is a change, though it asks for the same edge")
        #expect(ScrollPosition(edge: .top) == ScrollPosition(edge: .top))
        #expect(ScrollPosition(id: "a") != ScrollPosition(id: "b"))
    }

    @Test func positionedByTheUserDropsTheTarget() {
        var position = ScrollPosition(point: CGPoint(x: 1, y: 1))
        #expect(!position.isPositionedByUser)
        position.isPositionedByUser = true
        #expect(position.isPositionedByUser && position.point == nil)
        position.scrollTo(y: 3)
        #expect(!position.isPositionedByUser)
    }

    @Test func elementIDsAreStringsOrTheirLosslessDescription() {
        #expect(ScrollPosition(id: "three").elementID == "three")
        #expect(ScrollPosition(id: 3).elementID == "3")
        #expect(ScrollPosition(id: UUID()).elementID == nil)
    }

    @Test func bindingsReadAndWriteThroughTheirClosures() {
        var stored = ScrollPosition()
        let binding = Binding(get: { stored }, set: { stored = $0 })
        binding.wrappedValue.scrollTo(edge: .bottom)
        #expect(stored.edge == .bottom)
        binding.isPositionedByUser.wrappedValue = true
        #expect(stored.isPositionedByUser)
        let constant = Binding.constant(ScrollPosition(edge: .top))
        constant.wrappedValue = ScrollPosition(edge: .bottom)
        #expect(constant.wrappedValue.edge == .top)
    }
}
