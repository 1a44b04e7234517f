// The Ahoy board widget's front end: it draws the synced traits and sends intents.
//
// No rule of the game lives here: Python (the engine) decides what is legal, words
// every choice (`choices`) and warns before a costly step. This module talks to Python
// only through traits (model.get / model.set + model.save_changes /
// model.on("change:...")), never custom messages, so it also runs under Panel's
// AnyWidgetComponent. Plain ES module: no imports, no bundler.
//
// Intents (the `intent` trait), each with a fresh numeric `id`:
//   {action: "move 3,1"}  {concede: "mollusk"}  {undo: true}  {scrub: k}  {reveal: true}
//   {refused: {space: "3,1"}}
//   {press: {panel: "advisor", button: "hint"}}
//   {line: "where bluefin"} (a line typed in text mode)  {text: true} (text mode on/off)
//
// The side column (beside the picture when there is room, under it when not) holds the
// message area (the answer to the last click: a refusal, a lesson's "Right!"; announced
// by screen readers), the panels Python sets (a lesson's Next and Hint, the advisor, the
// bots), the list of every action and the log. It stays in the visible part of the page
// while the picture scrolls by, so an answer appears where the person is looking.
//
// Keyboard: Tab moves between the things you can click (each has a name in words); the
// map is one tab stop, and the arrow keys (Home, End) move between its spaces; Enter or
// Space clicks; E ends the turn; U undoes; H asks for a hint; R rotates a tile being
// placed; 1-9 pick in an open chooser; Escape closes a chooser or a warning (the focus goes
// back where it was); T goes to the text box; ? lists the keys and commands (Python's
// words, in the message area).
//
// For screen readers (docs/accessibility.md): three live regions that exist, empty, from
// the start: the status (polite: whose turn, what is asked), the notice (assertive: the
// answer to the last thing done, "Your turn") and the announcer (a polite log: each event
// of the game's log, once, as it arrives, bots' included). The log beside the board is
// read on demand. Text mode draws the `text` trait (the position as headings and lists,
// made by Python) with a box for a typed line.

let sequence = 0;

// Facts about the page, kept on the window (a front end may load this module once per
// widget): when it opened, when the person last scrolled it themselves (wheel, touch,
// keys), and whether its first lesson came into view (below).
const page = window.__ahoyPage || (window.__ahoyPage = { opened: Date.now(), scrolled: 0, lessonShown: false });
if (!page.listening) {
  page.listening = true;
  for (const kind of ["wheel", "touchmove", "keydown"]) {
    window.addEventListener(kind, (event) => {
      if (kind !== "keydown" || /^(Page|Arrow|Home|End| )/.test(event.key)) page.scrolled = Date.now();
    }, { capture: true, passive: true });
  }
  for (const kind of ["mousedown", "keydown"]) {
    window.addEventListener(kind, () => { page.pressed = Date.now(); }, { capture: true, passive: true });
  }
}

// After this long without an answer to a click, the message area says so: a busy kernel
// answers late, and a kernel may also never hear a click (docs/widgets.md, "A click the
// kernel never hears"). Longer than any bot's think time (about 1 s a decision).
const SLOW_MS = 10000;
const SLOW_TEXT = `No answer from Python for ${SLOW_MS / 1000} s. The kernel may be busy running a cell; ` +
  "if it is idle, the click was lost on its way. In JupyterLab, setting Settings Editor → Kernels → " +
  "“Kernel Comms over subshells” to Disabled, then restarting the kernel, prevents that.";

function nextId() {
  sequence = (sequence + 1) % 1000;
  return Date.now() * 1000 + sequence;
}

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) node.appendChild(child);
  return node;
}

// The data-* attributes of a clicked element, without the prefix (for a refused click).
const NAMED = "[data-space],[data-figure],[data-die],[data-slot],[data-slot-group],[data-crew],[data-market],[data-cargo],[data-plan],[data-reward],[data-board],[data-wealth]";
function dataOf(node) {
  const out = {};
  for (const { name, value } of node.attributes) {
    if (name.startsWith("data-") && !name.startsWith("data-action") && name !== "data-tip") {
      out[name.slice(5)] = value.slice(0, 190);
    }
  }
  return out;
}

function render({ model, el }) {
  const root = h("div", { className: "ahoy-bw", tabindex: "-1" });
  // What has the focus here: Panel draws the board inside a shadow root, where the
  // document's activeElement is only the shadow's host.
  function focused() {
    const top = root.getRootNode();
    return top instanceof ShadowRoot ? top.activeElement : document.activeElement;
  }
  const status = h("div", { className: "ahoy-status", role: "status", "aria-live": "polite" });
  const scores = h("div", { className: "ahoy-scores" });
  const prompt = h("div", { className: "ahoy-prompt" });
  // The message area is seen; the notice region says the same to a screen reader.
  const messageBox = h("div", { className: "ahoy-message" });
  const noticeLive = h("div", { className: "ahoy-live ahoy-notice-live", "aria-live": "assertive", "aria-atomic": "true" });
  // (the list inside the log region: a list with the role "log" would not be a list)
  const announcer = h("ul", { className: "ahoy-announce" });
  const announceLive = h("div", { className: "ahoy-live ahoy-announce-live", role: "log", "aria-live": "polite", "aria-label": "What happened" }, [announcer]);
  const textSwitch = h("button", { type: "button", className: "ahoy-text-switch", "aria-pressed": "false",
                                   title: "The game in words, with a box to type actions and questions", text: "Text" });
  const textView = h("div", { className: "ahoy-textview" });
  const textHeading = h("h2", { className: "ahoy-text-title", text: "The game in words" });
  const textBlocks = h("div", { className: "ahoy-text-blocks" });
  const lineInput = h("input", { type: "text", className: "ahoy-line", autocomplete: "off", spellcheck: "false",
                                 id: `ahoy-line-${nextId()}`, maxlength: "200" });
  const lineLabel = h("label", { for: lineInput.id, text: "Action or question (help lists them)" });
  const lineForm = h("form", { className: "ahoy-line-form" }, [lineLabel, lineInput,
    h("button", { type: "submit", className: "ahoy-line-send", text: "Send" })]);
  const noticeHeading = h("h2", { className: "ahoy-text-title", text: "Notice" });
  const announceHeading = h("h2", { className: "ahoy-text-title", text: "What happened" });
  textView.append(textHeading, lineForm, noticeHeading, noticeLive, announceHeading, announceLive, textBlocks);
  const panelsHost = h("div", { className: "ahoy-panels" });
  const handover = h("div", { className: "ahoy-handover" });
  const notices = h("div", { className: "ahoy-notices" });
  const exploreBar = h("div", { className: "ahoy-explore" });
  const headHost = h("div", { className: "ahoy-part ahoy-part-head" });
  const mapHost = h("div", { className: "ahoy-part ahoy-part-map" });
  const marketHost = h("div", { className: "ahoy-part ahoy-part-market" });
  const boardsHost = h("div", { className: "ahoy-part ahoy-part-boards" });
  const board = h("div", { className: "ahoy-svg" }, [
    h("div", { className: "ahoy-column" }, [headHost, mapHost, marketHost]), boardsHost]);
  const hosts = { head: headHost, map: mapHost, market: marketHost };
  const actions = h("div", { className: "ahoy-actions" });
  const log = h("div", { className: "ahoy-log", role: "log", "aria-live": "off", "aria-label": "Game log", tabindex: "0" });
  const logHead = h("div", { className: "ahoy-log-head" });
  const logTail = h("div", { className: "ahoy-log-tail" });
  log.append(logHead, logTail);
  const chooser = h("div", { className: "ahoy-chooser", role: "dialog", "aria-label": "Choose" });
  const confirm = h("div", { className: "ahoy-confirm", role: "alertdialog" });
  const tipBox = h("div", { className: "ahoy-tip", role: "tooltip" });
  const undo = h("button", { className: "ahoy-undo", type: "button", title: "Take back your last action (U)", text: "↶ Undo" });
  const first = h("button", { className: "ahoy-step", type: "button", "data-step": "first", title: "The start of the game", "aria-label": "The start of the game", text: "«" });
  const back = h("button", { className: "ahoy-step", type: "button", "data-step": "back", title: "One action back", "aria-label": "One action back", text: "‹" });
  const scrubber = h("input", { className: "ahoy-scrubber", type: "range", min: 0, max: 0, step: 1, value: 0, "aria-label": "Position in the game" });
  const forward = h("button", { className: "ahoy-step", type: "button", "data-step": "forward", title: "One action forward", "aria-label": "One action forward", text: "›" });
  const latest = h("button", { className: "ahoy-step", type: "button", "data-step": "latest", title: "Back to the game (the latest position)", "aria-label": "Back to the latest position", text: "»" });
  const where = h("span", { className: "ahoy-where" });
  const concede = h("button", { className: "ahoy-concede", type: "button", title: "Give up this game (asks first)", text: "⚐ Concede…" });
  const controls = h("div", { className: "ahoy-controls" }, [undo, first, back, scrubber, forward, latest, where, concede]);
  const side = h("div", { className: "ahoy-side" }, [
    messageBox, panelsHost,
    h("div", { className: "ahoy-heading", text: "All actions" }), actions,
    h("div", { className: "ahoy-heading", text: "Log" }), log,
  ]);
  const stage = h("div", { className: "ahoy-stage" }, [exploreBar, board]);
  const main = h("div", { className: "ahoy-main" }, [stage, side]);
  mapHost.setAttribute("role", "group");
  mapHost.setAttribute("aria-label", "Map: the arrow keys move between its spaces");
  root.append(h("div", { className: "ahoy-top" }, [status, scores, textSwitch]), prompt, handover,
    notices, textView, main, controls, chooser, confirm, tipBox);
  chooser.hidden = true;
  confirm.hidden = true;
  handover.hidden = true;
  tipBox.hidden = true;
  exploreBar.hidden = true;
  el.appendChild(root);

  let waiting = null; // id of the intent sent and not yet acknowledged
  let slowTimer = null; // marks the answer to `waiting` late after SLOW_MS
  let late = false; // the message area shows SLOW_TEXT until the answer comes
  const dismissed = new Set(); // notices this view has closed
  let rotation = null; // the rotation a tile is previewed at while exploring
  let preview = null; // the placement (g.ghost) the pointer snaps to

  function choiceOf(notation) {
    return (model.get("choices") || []).find((c) => c.n === notation) || { n: notation, label: notation };
  }

  function send(payload) {
    const id = nextId();
    waiting = id;
    root.classList.add("ahoy-waiting");
    clearTimeout(slowTimer);
    slowTimer = setTimeout(() => { if (waiting === id) { late = true; drawMessage(); } }, SLOW_MS);
    model.set("intent", Object.assign({}, payload, { id }));
    model.save_changes();
  }

  // An action, after a warning when the engine says it costs something unexpected.
  function act(notation, event) {
    const choice = choiceOf(notation);
    if (choice.warn) { openConfirm(choice, event); return; }
    closeChooser();
    send({ action: notation });
  }

  // The part of the window the board is seen in: the window, less what its scrolling
  // ancestors hide (JupyterLab's notebook under its tool bars, Voila's page, Panel's).
  function visibleRect() {
    let top = 0, left = 0, bottom = window.innerHeight, right = window.innerWidth;
    for (const n of scrollers()) {
      const r = n.getBoundingClientRect();
      top = Math.max(top, r.top); left = Math.max(left, r.left);
      bottom = Math.min(bottom, r.bottom); right = Math.min(right, r.right);
    }
    return { top, left, bottom, right };
  }

  // A chooser or a warning opens beside the click, inside the visible window (above the
  // click when there is no room below, scrolling inside itself when taller than the
  // window) and off the side column, so that Cancel and the list of actions stay in view.
  function place(box, event) {
    const frame = root.getBoundingClientRect();
    const view = visibleRect();
    const x = event && event.clientX ? event.clientX : frame.left + 40;
    const y = event && event.clientY ? event.clientY : frame.top + 80;
    box.style.maxHeight = `${Math.max(120, view.bottom - view.top - 16)}px`;
    box.style.left = "0px";
    box.style.top = "0px";
    box.hidden = false;
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    const beside = side.offsetTop < stage.offsetTop + 40;
    const right = Math.min(view.right, frame.right, beside ? side.getBoundingClientRect().left - 6 : Infinity);
    const left = Math.max(view.left, frame.left);
    let bx = x + 8 + w <= right ? x + 8 : x - 8 - w;
    bx = Math.max(left, Math.min(bx, right - w));
    let by = y + 8 + h <= view.bottom - 8 ? y + 8 : y - 8 - h;
    by = Math.max(view.top + 8, Math.min(by, view.bottom - 8 - h));
    box.style.left = `${bx - frame.left}px`;
    box.style.top = `${by - frame.top}px`;
  }

  function openConfirm(choice, event) {
    closeChooser();
    confirm.replaceChildren(
      h("div", { className: "ahoy-confirm-title", text: `Careful: ${choice.warn}.` }),
      h("div", { className: "ahoy-confirm-buttons" }, [
        h("button", { type: "button", className: "ahoy-go", "data-go": choice.n, text: choice.label }),
        h("button", { type: "button", className: "ahoy-cancel", text: "Cancel" }),
      ]),
    );
    place(confirm, event);
    confirm.hidden = false;
    confirm.opener = focusKey(focused());
    confirm.offered = [choice.n];
    confirm.querySelector(".ahoy-go").focus();
  }

  // Conceding ends the game: the board asks first, in Python's words (can_concede).
  function openConcede(event) {
    closeChooser();
    const offers = model.get("can_concede") || [];
    if (!offers.length) return;
    confirm.replaceChildren(
      h("div", { className: "ahoy-confirm-title", text: `Concede the game? ${offers.map((o) => o.warn).join(" ")}` }),
      h("div", { className: "ahoy-confirm-buttons" }, [
        ...offers.map((o) => h("button", { type: "button", className: "ahoy-go ahoy-concede-go", "data-concede": o.f, text: o.label })),
        h("button", { type: "button", className: "ahoy-cancel", text: "Cancel" }),
      ]),
    );
    place(confirm, event);
    confirm.hidden = false;
    confirm.opener = focusKey(focused());
    confirm.dataset.kind = "concede";
    confirm.querySelector(".ahoy-cancel").focus();
  }

  function closeChooser() {
    if (chooser.contains(focused()) || confirm.contains(focused())) {
      focusToRestore = (chooser.hidden ? confirm.opener : chooser.opener) || lastFocus;
    }
    chooser.hidden = true;
    chooser.replaceChildren();
    confirm.hidden = true;
    confirm.replaceChildren();
    delete confirm.dataset.kind;
    chooser.offered = confirm.offered = null;
  }

  // A redrawn board closes a chooser and an action's warning once their choices are gone,
  // not while every one is still offered (a late redraw, a lesson's note: the choices
  // must not vanish under the pointer); nor "Concede the game?" while conceding is still
  // offered: it is asked out of turn, and a bot's move must not take it away.
  function closeStale() {
    const asking = !confirm.hidden && confirm.dataset.kind === "concede";
    if (asking && (model.get("can_concede") || []).length) {
      chooser.hidden = true;
      chooser.replaceChildren();
      return;
    }
    const open = !chooser.hidden ? chooser : !confirm.hidden ? confirm : null;
    if (open && stillOffered(open.offered)) return;
    closeChooser();
  }

  function stillOffered(notations) {
    if (!notations || !model.get("can_act")) return false;
    const now = new Set((model.get("choices") || []).map((c) => c.n));
    return notations.every((n) => now.has(n));
  }

  function choiceButton(choice, text) {
    return h("button", {
      type: "button", className: "ahoy-choice" + ((model.get("hints") || []).includes(choice.n) ? " ahoy-hint" : ""),
      "data-action": choice.n, title: choice.n, text: text || choice.label,
    }, choice.warn ? [h("span", { className: "ahoy-warn", text: ` ⚠ ${choice.warn}` })] : []);
  }

  // The chooser groups the variants: by slot, then by die; changing the die's value
  // with gold is a stepper beside the plain placement.
  function openChooser(notations, event, opener) {
    const list = notations.map(choiceOf);
    const name = opener ? (opener.getAttribute("aria-label") || "").split(":")[0] : "";
    chooser.replaceChildren(h("div", { className: "ahoy-chooser-title", text: name ? `${name}: choose` : "Choose" }));
    const groups = new Map();
    for (const c of list) {
      const key = c.group || "";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(c);
    }
    for (const [name, items] of groups) {
      const section = h("div", { className: "ahoy-chooser-group", role: "group", "aria-label": name });
      if (groups.size > 1 || name) section.appendChild(h("div", { className: "ahoy-chooser-heading", text: name }));
      const byDie = new Map();
      const plain = [];
      for (const c of items) {
        if (c.die !== undefined && c.value !== undefined && c.verb !== "fire") {
          const k = `${c.slot}:${c.die}:${c.pay || ""}`;
          if (!byDie.has(k)) byDie.set(k, []);
          byDie.get(k).push(c);
        } else plain.push(c);
      }
      for (const c of plain) section.appendChild(choiceButton(c));
      for (const variants of byDie.values()) section.appendChild(stepper(variants));
      chooser.appendChild(section);
    }
    chooser.appendChild(h("button", { type: "button", className: "ahoy-cancel", text: "Cancel" }));
    place(chooser, event);
    chooser.hidden = false;
    chooser.opener = focusKey(opener || focused());
    chooser.offered = notations.slice();
    const firstButton = chooser.querySelector("button");
    if (firstButton) firstButton.focus();
  }

  // One die on one slot: the plain placement, and − / + to spend gold on its value.
  function stepper(variants) {
    variants.sort((a, b) => a.gold - b.gold || a.value - b.value);
    const row = h("div", { className: "ahoy-stepper" });
    if (variants.length === 1) { row.appendChild(choiceButton(variants[0])); return row; }
    const values = variants.map((c) => c.value).sort((a, b) => a - b);
    let current = variants[0];
    const go = choiceButton(current);
    const down = h("button", { type: "button", className: "ahoy-step-value", "aria-label": "One less (gold)", text: "−" });
    const up = h("button", { type: "button", className: "ahoy-step-value", "aria-label": "One more (gold)", text: "+" });
    function show() {
      go.setAttribute("data-action", current.n);
      go.setAttribute("title", current.n);
      go.textContent = current.label;
      down.disabled = current.value === values[0];
      up.disabled = current.value === values[values.length - 1];
    }
    function move(step) {
      const i = values.indexOf(current.value) + step;
      if (i < 0 || i >= values.length) return;
      current = variants.find((c) => c.value === values[i]);
      show();
    }
    down.addEventListener("click", (e) => { e.stopPropagation(); move(-1); });
    up.addEventListener("click", (e) => { e.stopPropagation(); move(1); });
    show();
    row.append(down, go, up);
    return row;
  }

  // -- exploring: the drawn tile follows the pointer, snapping to legal placements ---
  function ghosts() { return Array.from(mapHost.querySelectorAll("g.ghost")); }

  function ghostInfo(g) {
    const [x, y, r] = g.getAttribute("data-ghost").split(",");
    return { x: Number(x), y: Number(y), rot: Number(r.slice(1)) };
  }

  function setPreview(g) {
    if (preview === g) return;
    if (preview) preview.classList.remove("ahoy-preview");
    preview = g;
    if (g) { g.classList.add("ahoy-preview"); rotation = ghostInfo(g).rot; }
    drawExploreBar();
  }

  function snap(event) {
    const all = ghosts();
    if (!all.length) return;
    const svg = mapHost.querySelector("svg");
    const m = svg.getScreenCTM();
    if (!m) return;
    const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    let best = null;
    let bestD = Infinity;
    const atRotation = all.filter((g) => ghostInfo(g).rot === rotation);
    for (const g of atRotation.length ? atRotation : all) {
      const box = g.getBBox();
      const d = Math.hypot(box.x + box.width / 2 - pt.x, box.y + box.height / 2 - pt.y);
      if (d < bestD) { bestD = d; best = g; }
    }
    setPreview(best);
  }

  function rotate(step) {
    const all = ghosts();
    if (!all.length) return;
    const here = preview ? ghostInfo(preview) : ghostInfo(all[0]);
    const same = all.filter((g) => { const i = ghostInfo(g); return i.x === here.x && i.y === here.y; });
    const pool = same.length > 1 ? same : all;
    const i = pool.indexOf(preview);
    setPreview(pool[(i + step + pool.length) % pool.length]);
  }

  function drawExploreBar() {
    const all = ghosts();
    exploreBar.hidden = !all.length;
    if (!all.length) { exploreBar.replaceChildren(); preview = null; return; }
    const info = preview ? ghostInfo(preview) : null;
    exploreBar.replaceChildren(
      h("span", { className: "ahoy-explore-text", text: info
        ? `The drawn tile at ${info.x},${info.y}, turned ${info.rot}°: click the map to place it.`
        : "Point at the map: the drawn tile follows, snapping to where it may go." }),
      h("button", { type: "button", className: "ahoy-rotate", "data-rotate": "-1", "aria-label": "Rotate the tile left", text: "⟲ Rotate" }),
      h("button", { type: "button", className: "ahoy-rotate", "data-rotate": "1", "aria-label": "Rotate the tile right (R)", text: "Rotate ⟳" }),
      h("button", { type: "button", className: "ahoy-place", "data-place": "1", disabled: !info, text: "Place here" }),
    );
  }

  // One listener for every click: board elements, buttons, the chooser.
  function onClick(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    muteTip(event.detail ? event : null);   // (a key's click, detail 0: the tip may show again)
    const press = target.closest("[data-button]");
    if (press && panelsHost.contains(press)) {
      const d = panelsDrawn.get(press.getAttribute("data-panel"));
      if (d) d.released = true;   // the answer may take another height: the person asked
      send({ press: { panel: press.getAttribute("data-panel"), button: press.getAttribute("data-button") } });
      return;
    }
    if (target.closest(".ahoy-cancel")) {
      const opener = chooser.hidden ? confirm.opener : chooser.opener;
      closeChooser();
      giveFocusBack(opener);
      return;
    }
    if (target.closest(".ahoy-text-switch")) { send({ text: !textOn() }); return; }
    const yielding = target.closest("[data-concede]");
    if (yielding) { const f = yielding.getAttribute("data-concede"); closeChooser(); send({ concede: f }); return; }
    if (target.closest(".ahoy-concede")) { openConcede(event); return; }
    const go = target.closest("[data-go]");
    if (go) { const n = go.getAttribute("data-go"); closeChooser(); send({ action: n }); return; }
    const dismiss = target.closest("[data-dismiss]");
    if (dismiss) { dismissed.add(dismiss.getAttribute("data-dismiss")); drawNotices(); return; }
    const turn = target.closest("[data-rotate]");
    if (turn) { rotate(Number(turn.getAttribute("data-rotate"))); return; }
    if (target.closest("[data-place]")) { if (preview) act(preview.getAttribute("data-action"), event); return; }
    const reveal = target.closest("[data-intent='reveal']");
    if (reveal) { send({ reveal: true }); return; }
    const step = target.closest("[data-step]");
    if (step) {
      const n = model.get("history_length");
      const k = model.get("position");
      const to = { first: 0, back: k - 1, forward: k + 1, latest: n }[step.getAttribute("data-step")];
      if (to >= 0 && to <= n && to !== k) send({ scrub: to });
      return;
    }
    if (target.closest(".ahoy-undo")) { closeChooser(); send({ undo: true }); return; }
    if (target.closest(".ahoy-step-value")) return;
    // Exploring: a click anywhere on the map places the tile where it is previewed.
    if (preview && mapHost.contains(target) && !target.closest("[data-action]:not(.ghost),[data-actions]")) {
      event.preventDefault();
      act(preview.getAttribute("data-action"), event);
      return;
    }
    const one = target.closest("[data-action]");
    if (one && root.contains(one)) {
      event.preventDefault();
      act(one.getAttribute("data-action"), event);
      return;
    }
    const several = target.closest("[data-actions]");
    if (several && root.contains(several)) {
      event.preventDefault();
      let list = [];
      try { list = JSON.parse(several.getAttribute("data-actions")); } catch (e) { list = []; }
      if (list.length === 1) act(list[0], event);
      else if (list.length > 1) openChooser(list, event, several);
      return;
    }
    if (!chooser.hidden && !target.closest(".ahoy-chooser")) { closeChooser(); return; }
    // A click on the board where nothing is offered: Python says why.
    const named = target.closest(NAMED);
    if (named && board.contains(named)) send({ refused: dataOf(named) });
  }
  root.addEventListener("click", onClick);

  function onKey(event) {
    const key = event.key;
    const t = event.target instanceof Element ? event.target : null;
    if (key === "Escape") {
      const open = !chooser.hidden || !confirm.hidden;
      const opener = chooser.opener || confirm.opener;
      closeChooser();
      if (open) giveFocusBack(opener);
      return;
    }
    if (t && mapCells().includes(t) && /^(Arrow(Up|Down|Left|Right)|Home|End)$/.test(key)) {
      event.preventDefault();
      moveInMap(t, key);
      return;
    }
    if ((key === "Enter" || key === " ") && t && t.matches("svg [role='button'], svg [data-space][role='img']")) {
      event.preventDefault();
      const r = t.getBoundingClientRect();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
      return;
    }
    if (t && (t.matches("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey)) return;
    if (!chooser.hidden && /^[1-9]$/.test(key)) {
      const buttons = chooser.querySelectorAll("button[data-action]");
      const b = buttons[Number(key) - 1];
      if (b) { event.preventDefault(); b.click(); }
      return;
    }
    const lower = key.toLowerCase();
    let done = true;
    const hint = panelsHost.querySelector("[data-button='hint']:not(:disabled)");
    if (lower === "r" && ghosts().length) rotate(event.shiftKey ? -1 : 1);
    else if (lower === "u" && model.get("can_undo")) send({ undo: true });
    else if (lower === "e" && (model.get("actions") || []).includes("end")) act("end", null);
    else if (lower === "h" && hint) hint.click();
    else if (key === "?") send({ line: "help" });
    else if (lower === "t" && textOn()) lineInput.focus();
    else done = false;
    if (done) { event.preventDefault(); event.stopPropagation(); }
  }
  root.addEventListener("keydown", onKey);

  function onPointer(event) {
    if (exploreBar.hidden || !mapHost.contains(event.target)) return;
    snap(event);
    // so that R turns the tile without a click first (focus stays inside the board)
    if (!root.contains(focused())) root.focus({ preventScroll: true });
  }
  mapHost.addEventListener("pointermove", onPointer);

  // Rule tips on hover and focus. A click hides the tip, and no tip shows again until the
  // pointer moves on: the board redrawn under a still pointer would bring it back, over
  // the very pieces the click changed.
  let tipMutedAt = null;   // where the pointer was when a click hid the tip
  function showTip(event) {
    const t = event.target instanceof Element ? event.target.closest("[data-tip]") : null;
    if (!t || !board.contains(t) || tipMutedAt) { tipBox.hidden = true; return; }
    tipBox.textContent = t.getAttribute("data-tip");
    tipBox.hidden = false;
    // Under the element, or above it when the window has no room below; inside the window.
    const frame = root.getBoundingClientRect();
    const view = visibleRect();
    const r = t.getBoundingClientRect();
    const w = tipBox.offsetWidth;
    const h = tipBox.offsetHeight;
    const x = Math.max(Math.max(view.left, frame.left), Math.min(r.left, Math.min(view.right, frame.right) - w));
    const y = r.bottom + 4 + h <= view.bottom ? r.bottom + 4 : Math.max(view.top, r.top - 4 - h);
    tipBox.style.left = `${x - frame.left}px`;
    tipBox.style.top = `${y - frame.top}px`;
  }
  function hideTip() { tipBox.hidden = true; }
  function muteTip(event) {
    hideTip();
    tipMutedAt = event && event.clientX !== undefined ? { x: event.clientX, y: event.clientY } : null;
  }
  function onMove(event) {
    if (tipMutedAt && Math.hypot(event.clientX - tipMutedAt.x, event.clientY - tipMutedAt.y) > 12) {
      tipMutedAt = null;
      showTip(event);
    }
  }
  root.addEventListener("mouseover", showTip);
  root.addEventListener("pointermove", onMove);
  function onFocus(event) {
    showTip(event);
    // Tab to a placement previews it (a mouse press focuses too, but the pointer decides).
    const g = event.target instanceof Element ? event.target.closest("g.ghost") : null;
    if (g && g.matches(":focus-visible")) setPreview(g);
  }
  root.addEventListener("focusin", onFocus);
  root.addEventListener("mouseleave", hideTip);
  root.addEventListener("focusout", hideTip);

  let scrubTimer = null;
  function onScrub() {
    clearTimeout(scrubTimer);
    const k = Number(scrubber.value);
    scrubTimer = setTimeout(() => {
      if (k !== model.get("position")) send({ scrub: k });
    }, 60);
  }
  scrubber.addEventListener("input", onScrub);

  // -- keyboard: focus that stays put, the map's one tab stop ------------------------
  // What has the focus, as a selector that finds "the same thing" once it is drawn
  // again (a redraw replaces the SVG; a chooser's buttons go when it closes).
  const KEYED = ["data-space", "data-ghost", "data-figure", "data-die", "data-slot", "data-slot-group",
    "data-crew", "data-market", "data-cargo", "data-plan", "data-reward", "data-board", "data-action",
    "data-actions", "data-button", "data-step", "data-intent", "data-dismiss"];
  const CLASSED = ["ahoy-undo", "ahoy-concede", "ahoy-text-switch", "ahoy-line", "ahoy-scrubber", "ahoy-log"];
  function focusKey(node) {
    if (!(node instanceof Element) || !root.contains(node) || node === root) return null;
    for (const name of KEYED) {
      if (node.hasAttribute(name)) return `[${name}="${CSS.escape(node.getAttribute(name))}"]`;
    }
    const cls = CLASSED.find((c) => node.classList.contains(c));
    return cls ? `.${cls}` : null;
  }
  let lastFocus = null;       // the key of what last had the focus inside the board
  let lastFocused = null;     // and the node itself
  let focusToRestore = null;  // the focus went with a redraw: where it goes back
  root.addEventListener("focusin", (event) => {
    const key = focusKey(event.target);
    if (key) lastFocus = key;
    lastFocused = event.target;
    if (mapCells().includes(event.target)) setRoving(event.target);
  });
  function focusGoing(host) {
    // Called before `host` is redrawn: if it holds the focus, bring it back afterwards.
    if (host.contains(focused()) && focused() !== host) focusToRestore = lastFocus;
  }
  function visible(node) { return node && node.isConnected && node.getClientRects().length > 0; }
  // What can take the focus (a slot that was a button may be drawn again as a picture).
  const FOCUSABLE = "[tabindex], button:not(:disabled), input:not(:disabled), select, textarea";
  function giveFocusBack(key, scroll = true) {
    const node = key ? Array.from(root.querySelectorAll(key)).find((n) => visible(n) && n.matches(FOCUSABLE)) : null;
    const cell = mapCells().find((c) => c.getAttribute("tabindex") === "0");
    const to = node || cell || root;
    to.focus({ preventScroll: !(node && scroll) });
  }
  function restoreFocus() {
    if (!focusToRestore) return;
    const now = focused();
    const lost = !now || now === document.body || !now.isConnected;
    const key = focusToRestore;
    focusToRestore = null;
    if (lost) giveFocusBack(key);
  }
  // After every change of the model: if what had the focus went away (removed or hidden
  // by any redraw, a closed chooser, a finished step) and the page's focus fell to
  // nowhere, it comes back to the same thing, or the map. A person who moved the focus
  // elsewhere keeps it there: what they left is still shown.
  let focusCheck = null;
  function keepFocus() {
    if (focusCheck) return;
    focusCheck = setTimeout(() => {
      focusCheck = null;
      const page = document.activeElement;
      const inside = focused();
      const lost = (!page || page === document.body) && (!inside || !inside.isConnected);
      if (lost && lastFocus && lastFocused && !visible(lastFocused) && root.isConnected) giveFocusBack(lastFocus, false);   // the page stays put
    }, 0);
  }

  // The map is one tab stop (the grid pattern's roving focus): its spaces take the focus
  // in turn, moved by the arrow keys; the focus stays on the same space across redraws.
  let rovingKey = null;
  function mapCells() { return Array.from(mapHost.querySelectorAll("[data-space]")); }
  function setRoving(cell) {
    rovingKey = cell ? focusKey(cell) : null;
    for (const c of mapCells()) c.setAttribute("tabindex", c === cell ? "0" : "-1");
  }
  function setUpMap() {
    const cells = mapCells();
    if (!cells.length) return;
    const again = rovingKey && cells.find((c) => c.matches(rovingKey));
    setRoving(again || cells.find((c) => c.getAttribute("role") === "button") || cells[0]);
  }
  function moveInMap(from, key) {
    const cells = mapCells();
    let to = null;
    if (key === "Home") to = cells[0];
    else if (key === "End") to = cells[cells.length - 1];
    else {
      const a = from.getBoundingClientRect();
      const ax = a.left + a.width / 2, ay = a.top + a.height / 2;
      const [ux, uy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
      let best = Infinity;
      for (const c of cells) {
        if (c === from) continue;
        const b = c.getBoundingClientRect();
        const dx = b.left + b.width / 2 - ax, dy = b.top + b.height / 2 - ay;
        const along = dx * ux + dy * uy, across = Math.abs(dx * uy - dy * ux);
        if (along < 4) continue;
        const score = along + 3 * across;
        if (score < best) { best = score; to = c; }
      }
    }
    if (!to) return;
    setRoving(to);
    to.focus({ preventScroll: true });
    to.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // -- text mode and the live regions ---------------------------------------------------
  function textOn() { return (model.get("text") || []).length > 0; }
  let drawnText = null;
  function drawText() {
    const blocks = model.get("text") || [];
    const on = blocks.length > 0;
    root.classList.toggle("ahoy-text-mode", on);
    textSwitch.setAttribute("aria-pressed", String(on));
    const key = JSON.stringify(blocks);
    if (key === drawnText) return;
    drawnText = key;
    const nodes = [];
    for (const b of blocks) {
      if (b.heading !== undefined) nodes.push(h(b.level >= 3 ? "h4" : "h3", { text: b.heading }));
      else if (b.items) nodes.push(h(b.ordered ? "ol" : "ul", {}, b.items.map((item) => h("li", { text: item }))));
      else if (b.text) nodes.push(h("p", { text: b.text }));
    }
    textBlocks.replaceChildren(...nodes);
  }
  lineForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const line = lineInput.value.trim();
    if (!line) return;
    lineInput.value = "";
    send({ line });
  });

  // The notice region: set only when there is something new to say. The same words said
  // again get a trailing space, so that a screen reader reads them again.
  let noticed = "";
  function notice(text) {
    const words = text === noticed.trim() ? (noticed.endsWith(" ") ? text : `${text} `) : text;
    noticed = words;
    noticeLive.textContent = words;
  }
  function plain(text) { return text.replace(/\*\*([^*]+)\*\*/g, "$1").replace(/`([^`]+)`/g, "$1").replace(/\*([^*\s][^*]*)\*/g, "$1"); }
  let couldAct = false;
  function yourTurn() {
    const now = !!model.get("can_act");
    if (now && !couldAct && !model.get("error")) notice(`Your turn. ${model.get("prompt") || ""}`.trim());
    couldAct = now;
  }

  // The announcer: each event of the log once, as it arrives (bots' included), in the
  // log's own words. What was there when the board was first drawn is not read out.
  let announced = null;   // the last entry (its index) announced
  function announceLog() {
    const seen = new Map();
    for (const e of (model.get("log_head") || []).concat(model.get("log_tail") || [])) seen.set(e.i, e);
    const entries = Array.from(seen.values()).sort((a, b) => a.i - b.i);
    if (!entries.length) return;
    const last = entries[entries.length - 1].i;
    if (announced === null) { announced = last; return; }
    if (last < announced) {
      announcer.appendChild(h("li", { text: `Taken back: the game is again as after action ${last}.` }));
      announced = last;
    }
    for (const e of entries) {
      if (e.i <= announced) continue;
      announcer.appendChild(h("li", { className: "ahoy-announce-head", "data-i": e.i, text: `${e.i}. ${e.name}: ${e.action}` }));
      for (const text of e.events || []) announcer.appendChild(h("li", { "data-i": e.i, text }));
    }
    announced = last;
    while (announcer.children.length > 300) announcer.firstChild.remove();
  }

  // -- drawing the traits ---------------------------------------------------------
  // Each part is redrawn only when its own text changed.
  const drawn = new Map();
  function drawParts() {
    const parts = model.get("parts") || {};
    const keep = new Set(Object.keys(parts));
    for (const [key, host] of drawn) {
      if (!keep.has(key)) { host.node.remove(); drawn.delete(key); }
    }
    let changedMap = false;
    for (const [key, text] of Object.entries(parts)) {
      let entry = drawn.get(key);
      if (!entry) {
        const node = hosts[key] || h("div", { className: "ahoy-player-part", "data-part": key });
        if (!hosts[key]) boardsHost.appendChild(node);
        entry = { node, text: null };
        drawn.set(key, entry);
      }
      if (entry.text !== text) {
        focusGoing(entry.node);
        entry.node.innerHTML = text;
        entry.text = text;
        if (key === "map") changedMap = true;
      }
    }
    // keep the boards in the order of the parts
    for (const key of Object.keys(parts)) if (!hosts[key]) boardsHost.appendChild(drawn.get(key).node);
    board.classList.toggle("ahoy-can-act", !!model.get("can_act"));
    if (changedMap) { preview = null; drawExploreBar(); setUpMap(); }
    closeStale();
    restoreFocus();
    yourTurn();
  }

  // The list of actions is rebuilt only when the choices change: a hint (or anything
  // else) only toggles classes, so a button is never replaced between the press and the
  // release of a click (the click would be lost).
  let drawnChoices = null;
  let scrolledTo = null;   // the hint the list was last scrolled to
  function drawActions() {
    const list = model.get("choices") || [];
    const hints = model.get("hints") || [];
    const past = model.get("position") < model.get("history_length");   // says so when empty
    const key = JSON.stringify(list) + (past ? " past" : "");
    if (key !== drawnChoices) {
      drawnChoices = key;
      buildActions(list);
      // A new decision: the panels above take their height as it is now.
      for (const d of panelsDrawn.values()) { d.released = true; holdHeight(d); }
    }
    let hinted = null;
    for (const b of actions.querySelectorAll("button.ahoy-action")) {
      const on = hints.includes(b.getAttribute("data-action"));
      b.classList.toggle("ahoy-hint", on);
      if (on && !hinted) hinted = b;
    }
    // The list scrolls: bring the first suggested action (a hint) into its view, its
    // outline (2 px outside it) whole and nothing of the row above (3 px above it) showing.
    const first = hinted ? hinted.getAttribute("data-action") : null;
    if (hinted && first !== scrolledTo) {
      actions.scrollTop += hinted.getBoundingClientRect().top - actions.getBoundingClientRect().top - 3;
    }
    scrolledTo = first;
    restoreFocus();
  }

  function buildActions(list) {
    focusGoing(actions);
    actions.replaceChildren();
    scrolledTo = null;
    if (!list.length) {
      const who = model.get("deciding");
      const past = model.get("position") < model.get("history_length");
      const text = model.get("can_act") ? "" : past ? "A past position: go to the latest position to act."
        : (who ? "Waiting for another player." : "No actions.");
      actions.appendChild(h("div", { className: "ahoy-none", text }));
      return;
    }
    const groups = new Map();
    for (const c of list) {
      if (!groups.has(c.group)) groups.set(c.group, []);
      groups.get(c.group).push(c);
    }
    for (const [name, items] of groups) {
      const row = h("div", { className: "ahoy-group", "data-verb": items[0].verb, role: "group", "aria-label": name });
      for (const c of items) {
        row.appendChild(h("button", {
          type: "button", className: "ahoy-action",
          "data-action": c.n, title: c.warn ? `${c.n} (careful: ${c.warn})` : c.n,
        }, [h("span", { className: "ahoy-label", text: c.label }), h("span", { className: "ahoy-notation", text: c.n })]));
      }
      actions.appendChild(row);
    }
  }

  // The log: the head is redrawn rarely; the tail entry by entry, only those that changed.
  function entryNode(entry) {
    const item = h("div", { className: "ahoy-entry", "data-i": entry.i, "data-player": entry.player });
    const head = entry.i === 0 ? "Setup" : `${entry.i}. ${entry.name}: ${entry.action}`;
    item.appendChild(h("div", { className: "ahoy-entry-head", text: head }));
    if (entry.events && entry.events.length) {
      const ul = h("ul", { className: "ahoy-events" });
      for (const text of entry.events) ul.appendChild(h("li", { text }));
      item.appendChild(ul);
    }
    item.key = JSON.stringify(entry);
    return item;
  }

  function drawLogHead() {
    logHead.replaceChildren(...(model.get("log_head") || []).map(entryNode));
    markLog();
  }

  function drawLogTail() {
    const tail = model.get("log_tail") || [];
    const nodes = Array.from(logTail.children);
    tail.forEach((entry, k) => {
      const text = JSON.stringify(entry);
      if (nodes[k] && nodes[k].key === text) return;
      const node = entryNode(entry);
      if (nodes[k]) logTail.replaceChild(node, nodes[k]);
      else logTail.appendChild(node);
    });
    for (let k = tail.length; k < nodes.length; k++) nodes[k].remove();
    markLog();
  }

  function markLog() {
    const position = model.get("position");
    const live = position >= model.get("history_length");
    let current = null;
    for (const item of log.querySelectorAll(".ahoy-entry")) {
      const i = Number(item.getAttribute("data-i"));
      item.classList.toggle("ahoy-future", i > position);
      item.classList.toggle("ahoy-current", !live && i === position);
      if (i === position) current = item;
    }
    if (live) log.scrollTop = log.scrollHeight;
    else if (current) log.scrollTop = Math.max(0, current.offsetTop - log.offsetTop - 40);
  }

  function drawNotices() {
    const list = (model.get("notices") || []).filter((n) => !dismissed.has(n.id));
    focusGoing(notices);
    notices.replaceChildren();
    for (const n of list) {
      const panel = h("section", { className: `ahoy-notice ahoy-notice-${n.kind}`, "data-notice": n.id, "aria-label": n.title });
      panel.appendChild(h("div", { className: "ahoy-notice-head" }, [
        h("strong", { text: n.title }),
        h("button", { type: "button", className: "ahoy-dismiss", "data-dismiss": n.id, "aria-label": `Dismiss: ${n.title}`, text: "✕" }),
      ]));
      if (n.lines && n.lines.length) {
        const ul = h("ul");
        for (const line of n.lines) ul.appendChild(h("li", { text: line }));
        panel.appendChild(ul);
      }
      if (n.choices && n.choices.length) {
        const row = h("div", { className: "ahoy-notice-choices" });
        for (const c of n.choices) {
          const odds = c.odds === null || c.odds === undefined ? "" : ` — ${c.odds_label || "wins"} ${(c.odds * 100).toFixed(1)}%`;
          row.appendChild(h("button", { type: "button", className: "ahoy-choice", "data-action": c.n, title: c.n, text: c.label + odds }));
        }
        panel.appendChild(row);
      }
      notices.appendChild(panel);
    }
    restoreFocus();
  }

  function drawStatus() {
    status.textContent = model.get("status") || "";
    prompt.textContent = model.get("prompt") || "";
    const players = model.get("players") || [];
    const deciding = model.get("deciding");
    scores.replaceChildren(...players.map((p) => h("span", {
      className: "ahoy-score" + (p.id === deciding ? " ahoy-deciding" : ""), "data-player": p.id,
      text: `${p.name} ${p.fame}★ ${p.gold}g` + (p.id === deciding ? " (to decide)" : ""),
    })));
    const viewer = model.get("viewer");
    root.setAttribute("data-viewer", viewer === null || viewer === undefined ? "spectator" : viewer);
  }

  // The lessons' little Markdown, as text nodes: paragraphs, **bold**, *italics*, `code`.
  function paragraphs(text) {
    return text.split(/\n\s*\n/).filter((p) => p.trim()).map((p) => {
      const para = h("p");
      for (const piece of p.split(/(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/)) {
        if (!piece) continue;
        if (piece.startsWith("**")) para.appendChild(h("strong", { text: piece.slice(2, -2) }));
        else if (piece.startsWith("`")) para.appendChild(h("code", { text: piece.slice(1, -1) }));
        else if (piece.startsWith("*") && piece.endsWith("*") && piece.length > 2) para.appendChild(h("em", { text: piece.slice(1, -1) }));
        else para.appendChild(document.createTextNode(piece));
      }
      return para;
    });
  }

  // The message area: the board's refusal (error), else the last message Python said.
  let shownMessage = null;
  function drawMessage() {
    const err = late ? "" : (model.get("error") || "");
    const said = late ? { text: SLOW_TEXT, kind: "slow", id: "slow" } : (model.get("message") || {});
    const text = err || said.text || "";
    const kind = err ? "refused" : (said.kind || "info");
    const lines = err ? [] : (said.lines || []);
    const key = err ? `error:${err}:${model.get("ack")}` : `said:${said.id}`;
    messageBox.replaceChildren(...paragraphs(text));
    if (lines.length) messageBox.appendChild(h("ul", {}, lines.map((line) => h("li", { text: line }))));
    messageBox.className = `ahoy-message ahoy-message-${kind}` + (err ? " ahoy-error" : "");
    messageBox.hidden = !text;
    root.setAttribute("data-message", text ? kind : "");
    if (text && key !== shownMessage) notice([plain(text), ...lines].join(" "));
    if (text && key !== shownMessage) {
      // A new answer: flash it, and bring the side column back into view if needed.
      messageBox.classList.remove("ahoy-fresh");
      void messageBox.offsetWidth;
      messageBox.classList.add("ahoy-fresh");
      schedulePin();
      // A message about the position shown (a review's decision, picked below the board):
      // the board comes where the eye is, its marked move in the middle of the window, so
      // that the side column has room to show this message beside it (the board's edge
      // in view left it cut off at the top). Once drawn: the mark comes with the picture.
      if (said.focus && !err) requestAnimationFrame(() => {
        const marked = board.querySelector(".hint");
        (marked || root).scrollIntoView({ block: marked ? "center" : "nearest", behavior: "smooth" });
      });
    }
    shownMessage = text ? key : null;
  }

  // Panels are updated in place: a button stays the same node while its panel keeps the
  // same buttons, and only the lines that changed are replaced. A panel never gets
  // shorter while the person looks at the same choices (the actions below it would move
  // under the pointer when the advisor's chances arrive): it keeps the tallest height it
  // took since the choices last changed, or since a press of one of its buttons (the
  // person looks at the panel then). A progress bar that ends keeps its row, hidden, until
  // then too, so the lines under it do not move up within their panel either.
  const panelsDrawn = new Map();   // id -> {section, title, row, buttons, busy, lines, items, held, released}
  function drawPanel(p) {
    let d = panelsDrawn.get(p.id);
    if (!d) {
      const section = h("section", { className: "ahoy-panel", "data-panel": p.id });
      const title = h("div", { className: "ahoy-panel-title" });
      // Buttons first: text that grows below them never moves them under the pointer.
      const row = h("div", { className: "ahoy-panel-buttons" });
      const lines = h("div", { className: "ahoy-panel-lines" });
      const items = h("ol");
      section.append(title, row, lines, items);
      d = { section, title, row, lines, items, buttons: null, busy: null, busyKey: null, held: 0, released: true };
      panelsDrawn.set(p.id, d);
    }
    d.section.setAttribute("aria-label", p.title || p.id);
    d.title.textContent = p.title || "";
    d.title.hidden = !p.title;
    drawPanelButtons(d, p);
    drawBusy(d, p.busy);
    const lines = p.lines || [];
    const shown = Array.from(d.lines.children);
    lines.forEach((line, k) => {
      if (shown[k]) { if (shown[k].textContent !== line) shown[k].textContent = line; }
      else d.lines.appendChild(h("p", { text: line }));
    });
    for (let k = lines.length; k < shown.length; k++) shown[k].remove();
    const items = p.items || [];
    if (JSON.stringify(items) !== d.itemsKey) {
      d.itemsKey = JSON.stringify(items);
      d.items.replaceChildren(...items.map((item) => h("li", { text: item })));
      d.released = true;   // a hint's list came or went: the person asked for it
    }
    d.items.hidden = !items.length;
    return d;
  }

  function drawPanelButtons(d, p) {
    const list = p.buttons || [];
    const ids = JSON.stringify(list.map((b) => b.id));
    if (ids !== d.buttons) {
      const had = d.row.contains(focused()) ? focused().getAttribute("data-button") : null;
      d.buttons = ids;
      d.row.replaceChildren(...list.map((b) => h("button", {
        type: "button", className: "ahoy-panel-button", "data-panel": p.id, "data-button": b.id,
      })));
      const again = had && Array.from(d.row.children).find((b) => b.getAttribute("data-button") === had);
      if (again && !list.find((b) => b.id === had).disabled) again.focus({ preventScroll: true });
    }
    list.forEach((b, k) => {
      const node = d.row.children[k];
      node.className = "ahoy-panel-button" + (b.primary ? " ahoy-primary" : "");
      if (node.textContent !== b.label) node.textContent = b.label;
      if (b.title) node.setAttribute("title", b.title); else node.removeAttribute("title");
      node.disabled = !!b.disabled;
      if (b.pressed === undefined) node.removeAttribute("aria-pressed");
      else node.setAttribute("aria-pressed", String(!!b.pressed));
    });
    d.row.hidden = !list.length;
  }

  function drawBusy(d, busy) {
    const key = busy ? JSON.stringify(busy) : null;
    if (key === d.busyKey) return;
    d.busyKey = key;
    if (!busy) {
      if (d.busy) { d.busy.style.visibility = "hidden"; d.busy.removeAttribute("aria-busy"); }
      return;
    }
    // A new bar each time something else is worked out: its fill starts again.
    const bar = h("span", { className: "ahoy-busy-bar" });
    const counted = busy.total > 0;   // work counted in steps: a bar that shows how far it is
    if (counted) {
      bar.classList.add("ahoy-busy-counted");
      bar.style.width = `${Math.round((100 * Math.min(busy.done || 0, busy.total)) / busy.total)}%`;
    } else if (busy.seconds) bar.style.animationDuration = `${busy.seconds}s`;
    else bar.classList.add("ahoy-busy-open");
    const row = h("div", { className: "ahoy-busy", role: "progressbar", "aria-label": busy.text, "aria-busy": "true",
                           ...(counted ? { "aria-valuemin": 0, "aria-valuemax": busy.total, "aria-valuenow": busy.done || 0 } : {}) }, [
      h("span", { className: "ahoy-busy-text", text: busy.text }), h("span", { className: "ahoy-busy-track" }, [bar])]);
    if (d.busy) d.busy.replaceWith(row); else d.row.after(row);
    d.busy = row;
  }

  function drawPanels() {
    const list = model.get("panels") || [];
    const keep = new Set(list.map((p) => p.id));
    for (const [id, d] of panelsDrawn) {
      if (!keep.has(id)) { d.section.remove(); panelsDrawn.delete(id); }
    }
    let before = null;
    for (const p of list) {
      const d = drawPanel(p);
      // (moved only when out of order: moving a node takes the focus from its button)
      const at = before ? before.nextSibling : panelsHost.firstChild;
      if (at !== d.section) panelsHost.insertBefore(d.section, at);
      before = d.section;
    }
    for (const d of panelsDrawn.values()) holdHeight(d);
    schedulePin();
  }

  function holdHeight(d) {
    const section = d.section;
    if (d.released && d.busy && !d.busyKey) { d.busy.remove(); d.busy = null; }   // an idle bar's row
    section.style.minHeight = "";
    const natural = section.getBoundingClientRect().height;
    d.held = d.released ? natural : Math.max(d.held, natural);
    d.released = false;
    if (d.held > natural + 0.5) section.style.minHeight = `${d.held}px`;
  }

  // -- keeping the side column in the visible part of the page -----------------------
  // The page may scroll in any ancestor (JupyterLab's notebook, Voila's page, Panel's):
  // the column is moved down the picture's side by as much as the picture has scrolled
  // out of view, and kept no taller than the visible part.
  let pinFrame = 0;
  let pinAgain = null;
  let offset = 0;
  const watched = new Set();   // the scrolling ancestors whose size is watched
  function scrollers() {
    const out = [];
    for (let n = root.parentElement; n && n !== document.documentElement; n = n.parentElement) {
      if (/(auto|scroll|overlay)/.test(getComputedStyle(n).overflowY)) out.push(n);
    }
    // Their size changes too (a theme, a side bar opened): measure again then.
    for (const n of out) if (resized && !watched.has(n)) { watched.add(n); resized.observe(n); }
    return out;
  }
  function pin() {
    pinFrame = 0;
    if (!root.isConnected) return;
    let top = 0;
    let bottom = window.innerHeight;
    for (const n of scrollers()) {
      const r = n.getBoundingClientRect();
      top = Math.max(top, r.top);
      bottom = Math.min(bottom, r.bottom);
    }
    const tall = Math.max(240, bottom - top - 16);
    if (side.style.maxHeight !== `${tall}px`) {
      side.style.maxHeight = `${tall}px`;
      markLog();   // the log got another height: keep the latest entry (or the one shown) in view
      // The page may still be laying itself out (a theme being changed): look again.
      clearTimeout(pinAgain);
      pinAgain = setTimeout(schedulePin, 400);
    }
    const beside = side.offsetTop < stage.offsetTop + 40;   // beside the picture, not under it
    const natural = side.getBoundingClientRect().top - offset;
    const room = main.getBoundingClientRect().bottom - natural - side.offsetHeight;
    const want = beside ? Math.max(0, Math.min(top + 8 - natural, room)) : 0;
    if (Math.abs(want - offset) > 0.5) {
      offset = want;
      side.style.transform = offset ? `translateY(${offset}px)` : "";
    }
  }
  function schedulePin() { if (!pinFrame) pinFrame = requestAnimationFrame(pin); }
  document.addEventListener("scroll", schedulePin, { capture: true, passive: true });
  window.addEventListener("resize", schedulePin);
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(schedulePin) : null;
  if (resized) resized.observe(root);

  function drawHandover() {
    const who = model.get("handover") || "";
    handover.replaceChildren();
    handover.hidden = !who;
    if (!who) return;
    const player = (model.get("players") || []).find((p) => p.id === who);
    const name = player ? player.name : who;
    handover.append(
      h("span", { text: `Pass the device to ${name}. ` }),
      h("button", { type: "button", className: "ahoy-reveal", "data-intent": "reveal", text: `I am ${name}: show my view` }),
    );
  }

  function drawControls() {
    const n = model.get("history_length");
    const k = model.get("position");
    scrubber.max = String(n);
    scrubber.value = String(k);
    scrubber.disabled = n === 0;
    first.disabled = back.disabled = k <= 0;
    forward.disabled = latest.disabled = k >= n;
    undo.disabled = !model.get("can_undo");
    concede.hidden = !(model.get("can_concede") || []).length;
    if (concede.hidden && confirm.dataset.kind === "concede") closeChooser();
    const count = (m) => `${m} action${m === 1 ? "" : "s"}`;
    where.textContent = k >= n ? `${count(n)} (latest)` : `after ${k} of ${count(n)} (read-only)`;
    root.classList.toggle("ahoy-past", k < n);
    markLog();
  }

  function onAck() {
    if (model.get("ack") === waiting) {
      waiting = null;
      root.classList.remove("ahoy-waiting");
      clearTimeout(slowTimer);
      if (late) { late = false; drawMessage(); }   // answered after all: its own message
    }
    if (model.get("error")) drawMessage();   // the same refusal again is a new answer
  }

  // The first lesson of a page brings itself into view as it first appears: Run All leaves
  // the notebook at its last cell, far below the lesson (a learner opening 01_setup in the
  // in-browser site). Not if the person has scrolled since the page opened.
  let lessonTries = 0;
  function showFirstLesson() {
    if (page.lessonShown || page.scrolled > page.opened) return;
    const lesson = root.isConnected ? root.closest(".ahoy-tutorial") : null;
    if (!lesson) {
      if (!root.isConnected && ++lessonTries < 40) setTimeout(showFirstLesson, 50);
      return;
    }
    page.lessonShown = true;
    if (document.querySelector(".ahoy-tutorial") !== lesson) return;   // another lesson was first
    lesson.scrollIntoView({ block: "start" });
    keepFirstLesson(lesson);
  }

  // Run All goes on after the lesson appears: JupyterLab gives the cells above their real
  // heights as they render (a windowed notebook), which moves the lesson without any
  // scroll. While the notebook still runs cells (and a moment after), and until anyone
  // scrolls, clicks or types, the lesson is put back at the top whenever it has moved.
  const RUNNING = '.jp-Notebook-ExecutionIndicator[data-status="busy"]';
  function notebookRunning() {
    return !!document.querySelector(RUNNING) ||
      Array.from(document.querySelectorAll(".jp-InputPrompt")).some((p) => p.textContent.includes("*"));
  }
  function keepFirstLesson(lesson) {
    const shown = Date.now();
    let quiet = null;   // since when no cell runs
    let box = scrollBox(lesson);
    let left = box ? box.scrollTop : 0;   // where the lesson left the scroll
    const timer = setInterval(() => {
      const now = Date.now();
      quiet = notebookRunning() ? null : (quiet || now);
      box = box && box.isConnected ? box : scrollBox(lesson);
      // Scrolled by anyone else (a person, a script): the lesson stays where they went.
      const moved = box !== null && Math.abs(box.scrollTop - left) > 1;
      const done = now - shown > 60000 || (quiet !== null && now - quiet > 1500) || moved ||
        page.scrolled > shown || (page.pressed || 0) > shown;
      if (done || !lesson.isConnected) { clearInterval(timer); return; }
      const top = box ? box.getBoundingClientRect().top : 0;
      if (Math.abs(lesson.getBoundingClientRect().top - top) > 2) lesson.scrollIntoView({ block: "start" });
      left = box ? box.scrollTop : 0;
    }, 200);
  }

  function scrollBox(el) {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && up.scrollHeight > up.clientHeight) return up;
    }
    return null;
  }
  showFirstLesson();

  const handlers = [
    ["parts", drawParts], ["can_act", drawParts], ["choices", drawActions], ["hints", drawActions],
    ["log_head", drawLogHead], ["log_tail", drawLogTail], ["notices", drawNotices],
    ["status", drawStatus], ["prompt", drawStatus], ["players", drawStatus], ["viewer", drawStatus],
    ["deciding", drawStatus], ["error", drawMessage], ["message", drawMessage], ["panels", drawPanels],
    ["handover", drawHandover], ["text", drawText], ["log_head", announceLog], ["log_tail", announceLog],
    ["can_act", yourTurn],
    ["position", drawControls], ["position", drawActions], ["history_length", drawControls], ["can_undo", drawControls], ["can_concede", drawControls],
    ["ack", onAck],
  ];
  handlers.push(...[...new Set(handlers.map(([name]) => name))].map((name) => [name, keepFocus]));
  for (const [name, fn] of handlers) model.on(`change:${name}`, fn);
  drawText(); drawParts(); drawActions(); drawStatus(); drawMessage(); drawPanels(); drawHandover(); drawNotices();
  drawLogHead(); drawLogTail(); drawControls(); announceLog();

  return () => {
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
    clearTimeout(scrubTimer);
    clearTimeout(slowTimer);
    clearTimeout(focusCheck);
    if (pinFrame) cancelAnimationFrame(pinFrame);
    clearTimeout(pinAgain);
    document.removeEventListener("scroll", schedulePin, { capture: true });
    window.removeEventListener("resize", schedulePin);
    if (resized) resized.disconnect();
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("mouseover", showTip);
    root.removeEventListener("pointermove", onMove);
    root.removeEventListener("mouseleave", hideTip);
    root.removeEventListener("focusin", onFocus);
    root.removeEventListener("focusout", hideTip);
    mapHost.removeEventListener("pointermove", onPointer);
    scrubber.removeEventListener("input", onScrub);
  };
}

export default { render };
