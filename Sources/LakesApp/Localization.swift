internal import CWebKitGTK
import Foundation

/// The interface's words in the reader's language, through gettext (domain `lakes`).
///
/// Catalogs are `<locale folder>/<language>/LC_MESSAGES/lakes.mo`: the installed
/// `<prefix>/share/locale` beside an installed binary, else a `locale` folder beside a
/// development build (`scripts/build-resources` makes it), else `$LAKES_LOCALE_DIR`.
/// The bundled articles stay English.
package enum Localization {
    /// The gettext domain.
    package static let domain = "lakes"

    /// Takes the locale from the environment and points gettext at Lakes' catalogs.
    ///
    /// glibc ignores `LANGUAGE` under the plain `C` locale, which a machine without a
    /// configured locale has; then `C.UTF-8` is used, so that `LANGUAGE=es lakes` still
    /// speaks Spanish.
    ///
    /// - Returns: The folder the catalogs are read from, if one was found.
    @discardableResult
    package static func setUp(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "lakes")
    ) -> URL? {
        setlocale(LC_ALL, "")
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if messages == "C" || messages == "POSIX", environment["LANGUAGE"]?.isEmpty == false {
            setlocale(LC_ALL, "C.UTF-8")
        }
        let folder = localeFolder(environment: environment, executable: executable)
        if let folder { bindtextdomain(domain, folder.path) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
        return folder
    }

    /// The folder that holds Lakes' compiled catalogs.
    package static func localeFolder(environment: [String: String], executable: URL) -> URL? {
        if let configured = environment["LAKES_LOCALE_DIR"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [
            binary.deletingLastPathComponent().appendingPathComponent("share/locale"),
            binary.appendingPathComponent("locale"),
        ] where holdsCatalogs(candidate) {
            return candidate.standardizedFileURL
        }
        return nil
    }

    private static func holdsCatalogs(_ folder: URL) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return languages.contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/LC_MESSAGES/\(domain).mo").path)
        }
    }
}

/// `text` in the reader's language (`gettext`), or as it is when no catalog has it.
///
/// Strings to translate are passed as literals, so that `xgettext --keyword=localized`
/// finds them; values go in with `String(format:)` and `%@`.
func localized(_ text: String) -> String {
    // gettext hands back its argument when it has no translation, so the C string is read
    // while it still exists.
    text.withCString { message in
        guard let translated = dgettext(Localization.domain, message), translated != message else { return text }
        return String(cString: translated)
    }
}
