/// The page Lakes shows when started without a URL.
enum StartPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width">
        <meta name="color-scheme" content="light dark">
        <title>Lakes</title>
        <style>
          :root { color-scheme: light dark; --ink: #1d2b36; --paper: #f7f9fa; --water: #2a6f97; }
          @media (prefers-color-scheme: dark) { :root { --ink: #dde6ec; --paper: #141b21; --water: #7fb8d9; } }
          body { margin: 0; background: var(--paper); color: var(--ink);
                 font: 17px/1.6 Cantarell, "Noto Sans", "DejaVu Sans", sans-serif; }
          main { max-width: 38rem; margin: 12vh auto; padding: 0 1.5rem; }
          h1 { font-size: 2.4rem; margin: 0 0 .25rem; color: var(--water); letter-spacing: -.02em; }
          p { margin: .75rem 0; }
          .wave { width: 100%; height: 48px; }
        </style>
        </head>
        <body>
        <main>
          <svg class="wave" viewBox="0 0 600 48" aria-hidden="true">
            <path d="M0 30 Q 75 10 150 30 T 300 30 T 450 30 T 600 30 V48 H0 Z" fill="currentColor" opacity=".12"/>
            <path d="M0 36 Q 75 18 150 36 T 300 36 T 450 36 T 600 36" fill="none" stroke="currentColor" stroke-width="2" opacity=".5"/>
          </svg>
          <h1>Lakes</h1>
          <p>Deep, cold and old: the great lakes of the world hold most of the fresh water people can reach.</p>
          <p>Open a page with <code>lakes URL</code>.</p>
        </main>
        </body>
        </html>
        """
}
