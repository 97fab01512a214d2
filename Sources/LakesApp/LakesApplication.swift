import WebKitGTK
