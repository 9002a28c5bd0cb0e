import BeagleRendering

/// The page `serve` answers `GET /` with: a shell whose device and panel hold the
/// current frame (so the page shows the state before its script runs), and the
/// page's own script and style, served as same-origin files so the
/// Content-Security-Policy can forbid every inline script.
enum PreviewPage {
  /// The page for `frame` (``Preview/frame()``'s parts) of the screen `name`.
  static func html(name: String, version: Int, device: String, panel: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(name.htmlEscaped) · beagle-run serve</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/preview.css">
    <script src="/preview.js" defer></script>
    </head>
    <body data-version="\(version)">
    <header><strong>beagle-run serve</strong> <code>\(name.htmlEscaped)</code> <output id="page-status"></output></header>
    <main>
    <section id="device" class="device">
    \(device)</section>
    <aside id="panel" class="panel">
    \(panel)</aside>
    </main>
    <pre id="page-errors" hidden></pre>
    <output id="play-result"></output>
    </body>
    </html>

    """
  }

  /// Every page response's Content-Security-Policy: scripts only from the page's
  /// own origin (no inline script, so nothing in a payload can run), style sheets
  /// from it too (the drawing's layout is in `style` attributes, which may only
  /// style: every request they could make is forbidden), images from it or `data:`, fetches only to it, no frames, no plugins,
  /// no form posts elsewhere, and no embedding in another site's page.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline';"
    + " img-src 'self' data:;"
    + " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
