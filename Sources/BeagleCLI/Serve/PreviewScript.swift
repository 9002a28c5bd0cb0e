import BeagleRendering

/// The page's script (`/preview.js`), served from the page's own origin: the only
/// script the Content-Security-Policy lets run.
///
/// It turns what the user does into script steps and posts each to `/event`, one
/// at a time, in order: a control with `data-preview-step` posts that step, a
/// click on a drawn component posts the step its `data-beagle-path` maps to in
/// `data-preview-taps` (`tap #id`), focusing a text input is a
/// `tap` on it (iOS runs `onFocus` when editing begins) and each change of its
/// text a `type` with the whole text (iOS runs `onChange` for every edit; `onBlur`
/// runs when another field takes focus or the screen leaves, as the runtime
/// does). The drawing's back button, navigation bar items and dialog buttons are
/// `back`, `tap "item"` and `choose "label"`. Every answer carries the new frame,
/// which replaces the device and the panel. It polls `/frame` to pick up reloads.
///
/// `?play=` makes the page perform DOM actions itself, one a line
/// (`click|SELECTOR`, `type|SELECTOR|TEXT`, `fill|SELECTOR|TEXT`,
/// `check|SELECTOR`, `submit|SELECTOR`), then write `played N` (or the error) in
/// `#play-result`: the browser tests drive the page that way.
enum PreviewScript {
  static let source = #"""
    "use strict";
    (() => {
      const problems = [];
      function noteProblem(text) {
        problems.push(text);
        const box = document.getElementById("page-errors");
        if (box) { box.hidden = false; box.textContent = problems.join("\n"); }
      }
      window.addEventListener("error", (event) => noteProblem("error: " + event.message));
      window.addEventListener("unhandledrejection", (event) => noteProblem("unhandled rejection: " + event.reason));
      document.addEventListener("securitypolicyviolation", (event) =>
        noteProblem("refused by the content security policy: " + event.violatedDirective + " " + event.blockedURI));

      let version = Number(document.body.dataset.version);
      let queue = Promise.resolve();
      let pending = 0;
      let restoring = false;

      function quoted(text) { return "\"" + text.replace(/\\/g, "\\\\").replace(/"/g, "\\\"") + "\""; }

      function status(text) {
        const output = document.getElementById("page-status");
        if (output) output.textContent = text;
      }

      async function post(path, body) {
        const response = await fetch(path, {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body), cache: "no-store", credentials: "same-origin",
        });
        const json = await response.json();
        return { ok: response.ok, json };
      }

      function apply(frame) {
        if (!frame || typeof frame.version !== "number") return;
        version = frame.version;
        document.body.dataset.version = String(version);
        const active = document.activeElement;
        const target = active && active.dataset ? active.dataset.previewTarget : undefined;
        const typed = active && active.tagName === "INPUT" ? active.value : undefined;
        document.getElementById("device").innerHTML = frame.device;
        document.getElementById("panel").innerHTML = frame.panel;
        enableInputs();
        if (target === undefined) return;
        // The field being edited keeps focus (and, while edits are on their way, the
        // text typed so far) across the redraw, without a new focus event.
        const field = Array.from(document.querySelectorAll("#device input[data-preview-target]"))
          .find((element) => element.dataset.previewTarget === target);
        if (!field) return;
        restoring = true;
        if (pending > 0 && typed !== undefined) field.value = typed;
        field.focus();
        field.setSelectionRange(field.value.length, field.value.length);
        restoring = false;
      }

      // The drawing's text inputs are read-only; those a user can type into are
      // opened, each with the target its steps name.
      function enableInputs() {
        const screen = document.querySelector("#device [data-preview-inputs]");
        if (!screen) return;
        const targets = JSON.parse(screen.dataset.previewInputs);
        for (const field of screen.querySelectorAll("input[data-beagle-path]")) {
          const target = targets[field.dataset.beaglePath];
          if (target === undefined) continue;
          field.readOnly = false;
          field.dataset.previewTarget = target;
        }
      }
      enableInputs();

      function enqueue(work) {
        pending += 1;
        queue = queue.then(work).catch((error) => noteProblem(String(error))).finally(() => { pending -= 1; });
        return queue;
      }

      function send(step) {
        return enqueue(async () => {
          status("…");
          const { ok, json } = await post("/event", { step });
          status(ok ? "" : json.error || "refused");
          apply(json.frame);
        });
      }

      document.addEventListener("click", (event) => {
        const element = event.target instanceof Element ? event.target : null;
        if (!element) return;
        if (element.closest("#reset")) {
          enqueue(async () => apply((await post("/reset", {})).json.frame));
          return;
        }
        const control = element.closest("#device [data-preview-step], #panel [data-preview-step]");
        if (control) { send(control.dataset.previewStep); return; }
        // The drawn navigation bar and dialog.
        const back = element.closest("#device .b-back");
        if (back && back.textContent.trim() !== "") { send("back"); return; }
        const item = element.closest("#device .b-item");
        if (item) { send("tap " + quoted(item.textContent)); return; }
        const choice = element.closest("#device .b-dialog-button");
        if (choice) { send("choose " + quoted(choice.textContent)); return; }
        // A drawn component: the innermost one a tap presses, by its rendered path.
        const screen = element.closest("#device [data-preview-taps]");
        if (!screen) return;
        const taps = JSON.parse(screen.dataset.previewTaps);
        for (let node = element; node && node !== screen; node = node.parentElement) {
          const path = node.dataset ? node.dataset.beaglePath : undefined;
          if (path !== undefined && taps[path] !== undefined) { send(taps[path]); return; }
        }
      });

      document.addEventListener("focusin", (event) => {
        const field = event.target;
        if (restoring || !(field instanceof HTMLInputElement) || !field.dataset.previewTarget) return;
        if (field.closest("#device")) send("tap " + field.dataset.previewTarget);
      });

      document.addEventListener("input", (event) => {
        const field = event.target;
        if (!(field instanceof HTMLInputElement) || !field.dataset.previewTarget || !field.closest("#device")) return;
        send("type " + field.dataset.previewTarget + " " + quoted(field.value));
      });

      document.addEventListener("submit", (event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement)) return;
        event.preventDefault();
        if (form.id === "record") {
          const name = form.elements.namedItem("name").value;
          const overwrite = form.elements.namedItem("overwrite").checked;
          enqueue(async () => {
            const { ok, json } = await post("/record", { name, overwrite });
            status(ok ? "saved" : json.error || "not saved");
            apply(json.frame);
          });
          return;
        }
        if (form.dataset.previewRespond) {
          const statusCode = form.elements.namedItem("status").value.trim();
          const bodyText = form.elements.namedItem("body").value.trim();
          let body = "";
          if (bodyText !== "") {
            try { body = " " + JSON.stringify(JSON.parse(bodyText)); } catch (error) {
              status("the body is not JSON: " + error.message);
              return;
            }
          }
          send("respond #" + form.dataset.previewRespond + " " + statusCode + body);
        }
      });

      setInterval(() => {
        if (pending > 0) return;
        fetch("/frame?since=" + version, { cache: "no-store" }).then(async (response) => {
          if (response.status === 200 && pending === 0) apply((await response.json()).frame);
        }).catch(() => status("the server is gone"));
      }, 700);

      async function play(script) {
        const lines = script.split("\n").filter((line) => line.trim() !== "");
        let done = 0;
        for (const line of lines) {
          const [command, selector, ...rest] = line.split("|");
          const text = rest.join("|");
          const element = document.querySelector(selector);
          if (!element) throw new Error("line " + (done + 1) + ": nothing matches " + selector);
          if (command === "click") {
            element.click();
          } else if (command === "type") {
            element.focus();
            for (const character of text) {
              element.value += character;
              element.dispatchEvent(new Event("input", { bubbles: true }));
            }
          } else if (command === "fill") {
            element.value = text;
          } else if (command === "check") {
            element.checked = true;
          } else if (command === "submit") {
            element.requestSubmit();
          } else {
            throw new Error("line " + (done + 1) + ": unknown command " + command);
          }
          await queue;
          done += 1;
        }
        return done;
      }

      const script = new URLSearchParams(location.search).get("play");
      if (script !== null) {
        const result = document.getElementById("play-result");
        play(script).then(
          (count) => { result.textContent = "played " + count; },
          (error) => { result.textContent = "play failed: " + error.message; });
      }
    })();

    """#
}
