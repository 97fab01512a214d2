import Testing

@testable import LakesApp

struct SectionFollowerTests {
    let sections: [(id: String, top: Double)] = [
        ("intro", 300), ("short-a", 1000), ("short-b", 1050), ("long", 1200), ("end", 9000),
    ]

    private func current(_ offset: Double, viewport: Double = 800, height: Double = 9500) -> String? {
        SectionFollower.current(sections: sections, offset: offset, viewport: viewport, contentHeight: height)
    }

    @Test func aboveTheFirstHeadingNoSectionIsCurrent() {
        #expect(current(0) == nil)
    }

    @Test func theFirstSectionOnceItsHeadingPassesTheReadingLine() {
        #expect(current(170) == nil)  // the line is at 290
        #expect(current(180) == "intro")  // the line is at 300
    }

    @Test func ofTwoShortSectionsTheLaterPassedOneWins() {
        #expect(current(950) == "short-b")
        #expect(current(900) == "short-a")
    }

    @Test func aVeryLongSectionStaysCurrentThroughout() {
        for offset in stride(from: 1100.0, through: 8500, by: 700) {
            #expect(current(offset) == "long", "at \(offset)")
        }
    }

    @Test func atTheBottomTheLastVisibleSectionIsCurrent() {
        // The last heading never reaches the reading line, but the reader is at the end.
        #expect(current(8700, viewport: 800, height: 9500) == "end")
    }

    @Test func noSectionsNoCurrent() {
        #expect(SectionFollower.current(sections: [], offset: 0, viewport: 800, contentHeight: 1000) == nil)
    }
}
