import CWebKitGTK
import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebApplicationTests {
    @Test(arguments: ["not an id", "1org.example", "org..example", "single", ""])
    func anInvalidIDIsRefusedWithAClearError(id: String) {
        #expect(throws: WebApplication.InvalidIDError(id: id)) { try WebApplication(id: id) }
        #expect(WebApplication.InvalidIDError(id: id).description.contains("not a valid application ID"))
    }

    @Test func theNameDefaultsToTheIDsLastElementOrTheProgramsName() throws {
        #expect(try WebApplication(id: "org.example.Hello").name == "Hello")
        #expect(try WebApplication(id: "org.example.Hello", name: "Hi there").name == "Hi there")
        #expect(try WebApplication().name == ProcessInfo.processInfo.processName)
        #expect(try WebApplication().id == nil)
    }

    @Test func runActivatesOnceAndReturnsWhenTheLastWindowCloses() throws {
        let app = try WebApplication(id: "org.example.Explorer")
        var activations = 0
        var windowIsForTheApp = false
        var title: String?
        let status = app.run {
            activations += 1
            let window = WebWindow(application: app)
            window.present()
            let raw = window.gtkWindow
            let instance = UnsafeMutablePointer<GTypeInstance>(raw)
            windowIsForTheApp =
                g_type_check_instance_is_a(instance, gtk_application_window_get_type()) != 0
                && OpaquePointer(gtk_window_get_application(UnsafeMutablePointer(raw))) == app.application.pointer
            title = window.title
            window.close()
        }
        #expect(status == 0)
        #expect(activations == 1)
        #expect(windowIsForTheApp)
        #expect(title == "Explorer")
    }

    @Test func runWithoutAWindowReturnsAtOnce() throws {
        let app = try WebApplication()
        var activated = false
        #expect(app.run { activated = true } == 0)
        #expect(activated)
    }

    @Test func quitEndsTheRunWithItsWindowsOpen() throws {
        let app = try WebApplication()
        var window: WebWindow?
        let status = app.run {
            window = WebWindow(application: app)
            window?.present()
            app.quit()
        }
        #expect(status == 0)
        let shown = try #require(window)
        #expect(!shown.isClosed)
        shown.close()
        #expect(shown.isClosed)
    }

    @Test func sigtermQuitsARunningApplicationAndOnlyWhileItRuns() async {
        let result = await #expect(processExitsWith: .signal(SIGTERM), observing: [\.standardErrorContent]) {
            await MainActor.run {
                let app = try! WebApplication()
                let status = app.run {
                    WebWindow(application: app).present()
                    raise(SIGTERM)  // handled by the running application: it quits
                }
                FileHandle.standardError.write(Data("run returned \(status)\n".utf8))
                raise(SIGTERM)  // no application runs: the default action ends the process
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("run returned 0"))
    }

    @Test func aWindowOfAnApplicationThatIsNotRunningIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = WebWindow(application: try! WebApplication())
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("once it runs"))
    }
}
