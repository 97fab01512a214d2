// On Apple's platforms `import WebKit` brings URLRequest, URLResponse and the other URL
// loading types along; on Linux they live in FoundationNetworking, which is re-exported so
// that code written for Apple's WebKit compiles with only its import changed.
@_exported import FoundationNetworking
