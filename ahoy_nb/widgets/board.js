// The Ahoy board widget's front end: it draws the synced traits and sends intents.
//
// No rule of the game lives here: Python (the engine) decides what is legal. This
// module talks to Python only through traits (model.get / model.set +
// model.save_changes / model.on("change:...")), never custom messages, so it also
// runs under Panel's AnyWidgetComponent. Plain ES module: no imports, no bundler.
//
// Intents (the `intent` trait), each with a fresh numeric `id`:
//   {action: "move 3,1"}  {undo: true}  {scrub: k}  {reveal: true}

let sequence = 0;

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

// "move 3,1" -> "move"; the fallback list groups the actions by their first word.
function verbOf(notation) {
  const space = notation.indexOf(" ");
  return space < 0 ? notation : notation.slice(0, space);
}

function render({ model, el }) {
  const root = h("div", { className: "ahoy-bw" });
  const status = h("div", { className: "ahoy-status" });
  const scores = h("div", { className: "ahoy-scores" });
  const prompt = h("div", { className: "ahoy-prompt" });
  const error = h("div", { className: "ahoy-error", role: "alert" });
  const handover = h("div", { className: "ahoy-handover" });
  const board = h("div", { className: "ahoy-svg" });
  const actions = h("div", { className: "ahoy-actions" });
  const log = h("div", { className: "ahoy-log" });
  const chooser = h("div", { className: "ahoy-chooser", role: "dialog" });
  const undo = h("button", { className: "ahoy-undo", type: "button", title: "Take back your last action", text: "↶ Undo" });
  const first = h("button", { className: "ahoy-step", type: "button", "data-step": "first", title: "The start of the game", text: "«" });
  const back = h("button", { className: "ahoy-step", type: "button", "data-step": "back", title: "One action back", text: "‹" });
  const scrubber = h("input", { className: "ahoy-scrubber", type: "range", min: 0, max: 0, step: 1, value: 0, "aria-label": "position in the game" });
  const forward = h("button", { className: "ahoy-step", type: "button", "data-step": "forward", title: "One action forward", text: "›" });
  const latest = h("button", { className: "ahoy-step", type: "button", "data-step": "latest", title: "Back to the game (the latest position)", text: "»" });
  const where = h("span", { className: "ahoy-where" });
  const controls = h("div", { className: "ahoy-controls" }, [undo, first, back, scrubber, forward, latest, where]);
  const side = h("div", { className: "ahoy-side" }, [
    h("div", { className: "ahoy-heading", text: "Actions" }), actions,
    h("div", { className: "ahoy-heading", text: "Log" }), log,
  ]);
  const main = h("div", { className: "ahoy-main" }, [board, side]);
  root.append(h("div", { className: "ahoy-top" }, [status, scores]), prompt, error, handover,
    main, controls, chooser);
  chooser.hidden = true;
  handover.hidden = true;
  el.appendChild(root);

  let waiting = null; // id of the intent sent and not yet acknowledged

  function send(payload) {
    const id = nextId();
    waiting = id;
    root.classList.add("ahoy-waiting");
    model.set("intent", Object.assign({}, payload, { id }));
    model.save_changes();
  }

  function closeChooser() {
    chooser.hidden = true;
    chooser.replaceChildren();
  }

  function openChooser(notations, event) {
    chooser.replaceChildren(h("div", { className: "ahoy-chooser-title", text: "Choose:" }));
    for (const notation of notations) {
      chooser.appendChild(h("button", { type: "button", className: "ahoy-choice", "data-action": notation, text: notation }));
    }
    chooser.appendChild(h("button", { type: "button", className: "ahoy-cancel", text: "Cancel" }));
    const box = root.getBoundingClientRect();
    chooser.style.left = `${Math.max(0, event.clientX - box.left + 8)}px`;
    chooser.style.top = `${Math.max(0, event.clientY - box.top + 8)}px`;
    chooser.hidden = false;
  }

  // One listener for every click: board elements, buttons, the chooser.
  function onClick(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest(".ahoy-cancel")) { closeChooser(); return; }
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
    const one = target.closest("[data-action]");
    if (one && root.contains(one)) {
      event.preventDefault();
      closeChooser();
      send({ action: one.getAttribute("data-action") });
      return;
    }
    const several = target.closest("[data-actions]");
    if (several && root.contains(several)) {
      event.preventDefault();
      let list = [];
      try { list = JSON.parse(several.getAttribute("data-actions")); } catch (e) { list = []; }
      if (list.length === 1) send({ action: list[0] });
      else if (list.length > 1) openChooser(list, event);
      return;
    }
    if (!chooser.hidden && !target.closest(".ahoy-chooser")) closeChooser();
  }
  root.addEventListener("click", onClick);

  function onKey(event) {
    if (event.key === "Escape") closeChooser();
  }
  root.addEventListener("keydown", onKey);

  let scrubTimer = null;
  function onScrub() {
    clearTimeout(scrubTimer);
    const k = Number(scrubber.value);
    scrubTimer = setTimeout(() => {
      if (k !== model.get("position")) send({ scrub: k });
    }, 60);
  }
  scrubber.addEventListener("input", onScrub);

  // -- drawing the traits ---------------------------------------------------------
  function drawSvg() {
    board.innerHTML = model.get("svg") || "";
    board.classList.toggle("ahoy-can-act", !!model.get("can_act"));
    closeChooser();
  }

  function drawActions() {
    const list = model.get("actions") || [];
    actions.replaceChildren();
    if (!list.length) {
      const who = model.get("deciding");
      const text = model.get("can_act") ? "" : (who ? "Waiting for another player." : "No actions.");
      actions.appendChild(h("div", { className: "ahoy-none", text }));
      return;
    }
    const groups = new Map();
    for (const notation of list) {
      const verb = verbOf(notation);
      if (!groups.has(verb)) groups.set(verb, []);
      groups.get(verb).push(notation);
    }
    for (const [verb, notations] of groups) {
      const row = h("div", { className: "ahoy-group", "data-verb": verb });
      for (const notation of notations) {
        row.appendChild(h("button", { type: "button", className: "ahoy-action", "data-action": notation, text: notation }));
      }
      actions.appendChild(row);
    }
  }

  function drawLog() {
    const entries = model.get("entries") || [];
    const position = model.get("position");
    const live = position >= model.get("history_length");
    log.replaceChildren();
    let current = null;
    for (const entry of entries) {
      const item = h("div", {
        className: "ahoy-entry" + (entry.i > position ? " ahoy-future" : "") + (!live && entry.i === position ? " ahoy-current" : ""),
        "data-i": entry.i, "data-player": entry.player,
      });
      const head = entry.i === 0 ? "Setup" : `${entry.i}. ${entry.name}: ${entry.action}`;
      item.appendChild(h("div", { className: "ahoy-entry-head", text: head }));
      if (entry.events && entry.events.length) {
        const ul = h("ul", { className: "ahoy-events" });
        for (const text of entry.events) ul.appendChild(h("li", { text }));
        item.appendChild(ul);
      }
      log.appendChild(item);
      if (entry.i === position) current = item;
    }
    if (live) log.scrollTop = log.scrollHeight;
    else if (current) log.scrollTop = Math.max(0, current.offsetTop - log.offsetTop - 40);
  }

  function drawStatus() {
    status.textContent = model.get("status") || "";
    prompt.textContent = model.get("prompt") || "";
    const players = model.get("players") || [];
    const deciding = model.get("deciding");
    scores.replaceChildren(...players.map((p) => h("span", {
      className: "ahoy-score" + (p.id === deciding ? " ahoy-deciding" : ""), "data-player": p.id,
      text: `${p.name} ${p.fame}★ ${p.gold}g`,
    })));
    const viewer = model.get("viewer");
    root.setAttribute("data-viewer", viewer === null || viewer === undefined ? "spectator" : viewer);
  }

  function drawError() {
    const text = model.get("error") || "";
    error.textContent = text;
    error.hidden = !text;
  }

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
    const actions = (m) => `${m} action${m === 1 ? "" : "s"}`;
    where.textContent = k >= n ? `${actions(n)} (latest)` : `after ${k} of ${actions(n)} (read-only)`;
    root.classList.toggle("ahoy-past", k < n);
    drawLog();
  }

  function onAck() {
    if (model.get("ack") === waiting) {
      waiting = null;
      root.classList.remove("ahoy-waiting");
    }
  }

  const handlers = [
    ["svg", drawSvg], ["can_act", drawSvg], ["actions", drawActions], ["entries", drawLog],
    ["status", drawStatus], ["prompt", drawStatus], ["players", drawStatus], ["viewer", drawStatus],
    ["deciding", drawStatus], ["error", drawError], ["handover", drawHandover],
    ["position", drawControls], ["history_length", drawControls], ["can_undo", drawControls],
    ["ack", onAck],
  ];
  for (const [name, fn] of handlers) model.on(`change:${name}`, fn);
  drawSvg(); drawActions(); drawStatus(); drawError(); drawHandover(); drawControls();

  return () => {
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
    clearTimeout(scrubTimer);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    scrubber.removeEventListener("input", onScrub);
  };
}

export default { render };
