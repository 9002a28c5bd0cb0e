/// The self-contained HTML document around frames drawn by ``HTMLStateRenderer``:
/// its stylesheet is inline, it loads no font, script or other resource, and its
/// Content-Security-Policy forbids every script and every request (images from
/// the network are allowed with ``HTMLImageMode/remote`` only).
package enum HTMLDocument {
  /// The policy of a page drawn with `imageMode`: no script, no request, inline
  /// styles, images from the network only with ``HTMLImageMode/remote``.
  package static func policy(imageMode: HTMLImageMode) -> String {
    let images = imageMode == .remote ? "img-src http: https: data:" : "img-src data:"
    return "default-src 'none'; style-src 'unsafe-inline'; " + images
  }

  /// The document's start, up to the storyboard's opening tag, stating
  /// ``policy(imageMode:)`` in a `<meta>` unless `statesPolicy` is false (for a page
  /// whose server sends its own policy).
  package static func head(
    title: String, imageMode: HTMLImageMode = .placeholder, statesPolicy: Bool = true
  ) -> String {
    let meta =
      statesPolicy
      ? "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy(imageMode: imageMode))\">\n"
      : ""
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      \(meta)<meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title.htmlEscaped)</title>
      <style>
      \(stylesheet)</style>
      </head>
      <body>
      <h1 class="b-heading">\(title.htmlEscaped)</h1>

      """
  }

  /// Opens the row of frames.
  package static let storyboardStart = "<div class=\"b-storyboard\">\n"
  /// Closes the row of frames.
  package static let storyboardEnd = "</div>\n"
  /// The document's end.
  package static let tail = "</body>\n</html>\n"

  /// A whole document: `title` and `frames` (from ``HTMLStateRenderer/frame(_:highlight:)``)
  /// side by side.
  package static func document(
    title: String, frames: [String], imageMode: HTMLImageMode = .placeholder
  ) -> String {
    head(title: title, imageMode: imageMode) + storyboardStart + frames.joined() + storyboardEnd
      + tail
  }

  /// The rules every drawing needs. `.b-view` holds Beagle's Yoga defaults (see
  /// ``YogaStyle``); a phone's screen area is 375 × 603 points, under a 20-point
  /// status bar and a 44-point navigation bar.
  package static let stylesheet = """
    *{box-sizing:border-box}
    body{margin:0;padding:16px;font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#e5e5ea;color:#1c1c1e}
    .b-heading{font-size:18px;margin:0 0 12px}
    .b-storyboard{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
    .b-frame{background:#fff;border-radius:12px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.25)}
    .b-label{margin:0 0 8px;font-size:14px;font-weight:600;max-width:627px;overflow-wrap:anywhere}
    .b-frame-body{display:flex;gap:12px;align-items:flex-start}
    .b-phone{position:relative;flex:none;display:flex;flex-direction:column;width:375px;height:667px;overflow:hidden;background:#fff;border-radius:6px;box-shadow:0 0 0 1px #c7c7cc}
    .b-status{flex:none;height:20px;background:#f7f7f7}
    .b-navbar{flex:none;height:44px;display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:6px;padding:0 8px;background:#f7f7f7;border-bottom:1px solid #d1d1d6;font-size:17px;white-space:nowrap}
    .b-title{font-weight:600;overflow:hidden;text-overflow:ellipsis;max-width:200px}
    .b-back{color:#007aff;overflow:hidden;text-overflow:ellipsis}
    .b-items{justify-self:end;display:flex;gap:10px;color:#007aff}
    .b-screen{position:relative;flex:1 1 0;min-height:0;overflow:hidden}
    .b-view{display:flex;flex-direction:column;flex-wrap:nowrap;justify-content:flex-start;align-items:stretch;align-content:flex-start;flex:0 1 auto;position:relative;min-width:0;min-height:0;margin:0;padding:0;border:0;font:inherit;color:inherit;background:none;text-align:left}
    .b-root{position:absolute;left:0;top:0;width:100%;height:100%}
    .b-view.b-text,.b-view.b-button,.b-view.b-placeholder,.b-view.b-textinput{display:block}
    .b-text{font-size:17px;line-height:1.2;white-space:pre-wrap;overflow-wrap:anywhere}
    .b-button{font-size:17px;line-height:18px;padding:6px 0;color:#007aff;text-align:center;white-space:pre-wrap;overflow-wrap:anywhere;cursor:pointer}
    .b-textinput{font-size:17px;line-height:20px;padding:4px 6px;border:1px solid #c7c7cc;border-radius:5px;background:#fff;width:auto}
    .b-textinput::placeholder{color:#a1a1a6}
    .b-disabled{opacity:.4}
    .b-scrollview,.b-listview,.b-gridview{overflow:auto}
    .b-scrollview>.b-view,.b-listview>.b-view{flex-shrink:0}
    .b-cell{display:flex;flex-direction:column;flex:none;min-width:0}
    .b-placeholder,.b-custom{border:1px dashed #8e8e93;background:#f2f2f7;padding:4px 6px;font-size:12px;line-height:1.3;color:#3a3a3c;overflow-wrap:anywhere}
    .b-placeholder-title{font-weight:600}
    .b-field{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap}
    .b-note{font-size:12px;color:#8e8e93}
    .b-tabs{display:flex;border-bottom:1px solid #d1d1d6}
    .b-tab{flex:1 1 0;text-align:center;padding:8px 4px;color:#8e8e93;overflow-wrap:anywhere}
    .b-tab-current{color:#007aff;box-shadow:inset 0 -2px 0 #007aff}
    .b-dots{display:flex;justify-content:center;gap:6px;padding:6px}
    .b-dot{width:7px;height:7px;border-radius:50%;background:#c7c7cc}
    .b-dot-current{background:#1c1c1e}
    .b-style-unknown{outline:2px dashed #ff9500;outline-offset:-2px}
    .b-hit{outline:3px solid #ff2d55;outline-offset:-2px}
    .b-dialog-layer{position:absolute;inset:0;z-index:10;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.4)}
    .b-dialog{width:270px;background:#f2f2f7;border-radius:14px;text-align:center;overflow:hidden;overflow-wrap:anywhere}
    .b-dialog-title{font-weight:600;font-size:17px;padding:16px 16px 0}
    .b-dialog-message{font-size:13px;padding:4px 16px 16px;white-space:pre-wrap}
    .b-dialog-buttons{display:flex;border-top:1px solid #c7c7cc}
    .b-dialog-button{flex:1 1 0;padding:11px 4px;color:#007aff;font-size:17px}
    .b-dialog-button+.b-dialog-button{border-left:1px solid #c7c7cc}
    .b-panel{flex:none;width:240px;max-height:691px;overflow:auto;margin:0;padding:8px;border-radius:6px;background:#f7f7f9;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}

    """
}
