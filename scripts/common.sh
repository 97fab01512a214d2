# Sourced by the scripts in this folder: finds the Swift toolchain.
if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin /usr/local/swift/usr/bin; do
        if [[ -x "$candidate/swift" ]]; then
            export PATH="$candidate:$PATH"
            break
        fi
    done
fi
