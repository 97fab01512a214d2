// A window showing a page: the whole of an app built on WebKitGTK.
import Foundation
import WebKitGTK

let app = try WebApplication(id: "org.example.Hello")
let status = app.run {
    let window = WebWindow(application: app)
    window.page.load(
        html: """
            <title>Hello, world</title>
            <body style="font: 20px sans-serif; margin: 3em">
            <h1>Hello, world</h1>
            <p>This page is shown by WebKitGTK, from Swift.
            """)
    window.present()
}
exit(status)
