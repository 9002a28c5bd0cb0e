import BeagleRendering

/// The page's style sheet (`/preview.css`): a phone-sized device beside the panel.
enum PreviewStyle {
  static let source = PreviewDrawing.stylesheet + ownRules

  private static let ownRules = """
    body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #f3f3f5; color: #222; }
    header { padding: 8px 16px; background: #222; color: #eee; }
    header code { color: #9cf; }
    main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
    .device { flex: none; }
    #device .b-panel { display: none; }
    #device .b-back:not(:empty), #device .b-item, #device .b-dialog-button { cursor: pointer; }
    .bar { display: flex; gap: 8px; align-items: center; border-bottom: 1px solid #ddd; padding: 4px 0 8px; }
    .bar .title { flex: 1; text-align: center; font-weight: 600; }
    .state { white-space: pre-wrap; word-break: break-word; font: 12px/1.35 ui-monospace, monospace; }
    .controls { border-top: 1px solid #ddd; margin-top: 8px; padding-top: 8px; display: flex; flex-direction: column; gap: 6px; }
    .controls h2, .panel h2 { font-size: 12px; text-transform: uppercase; color: #666; margin: 8px 0 4px; }
    .control { font: inherit; }
    .dialog { position: absolute; inset: 30% 24px auto 24px; background: #fff; border: 1px solid #888;
      border-radius: 12px; padding: 12px; box-shadow: 0 8px 24px rgba(0,0,0,.3); }
    .dialog .choices { display: flex; gap: 8px; justify-content: flex-end; }
    .panel { flex: 1; min-width: 320px; max-width: 720px; }
    .panel section { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 8px 12px; margin-bottom: 8px; }
    .panel dd { margin: 0 0 6px 12px; font-family: ui-monospace, monospace; word-break: break-all; }
    .panel li { font-family: ui-monospace, monospace; word-break: break-all; }
    .log .error { color: #b00; } .log .warning { color: #a60; }
    .notice.error { color: #b00; } .notice.info { color: #060; }
    .none { color: #888; }
    .load-error { color: #b00; white-space: pre-wrap; }
    #page-errors { color: #b00; }
    form label { display: block; margin: 4px 0; }
    textarea { width: 100%; font-family: ui-monospace, monospace; }

    """
}
