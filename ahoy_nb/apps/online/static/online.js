// The page of an online table (a seat's or the spectator's), and the page that makes a
// table. The board is the notebook's own front end (board.js), given a small model that
// gets its traits from the HTTP API and turns its intents into API calls. No rule of
// the game lives here: the server decides everything and words every refusal.
//
// The token is read from the address's fragment (#token=...), which the browser never
// sends to a server, and goes to the API in an Authorization header.
import board from "./board.js";

const body = document.body;
const TABLE = body.dataset.table;
const FACTIONS = JSON.parse(body.dataset.factions || "{}");   // id -> name
const SEATS = JSON.parse(body.dataset.seats || "{}");         // players -> [ids]
const CHOICES = JSON.parse(body.dataset.choices || "{}");   // who plays a seat -> label
const STANDINGS = JSON.parse(body.dataset.standings || "{}");  // players -> the bots' ladder, in words
const LOG_PAGE = 25;          // as the widget: the log's head changes once every 25 entries
const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const nameOf = (f) => FACTIONS[f] || f;

let token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
let version = -1;     // the table's version the board shows
let at = null;        // a past position shown (null: the latest)
let table = {};       // the latest public facts: seat, seats, deciding, connected...
let textMode = false; // the board's text mode: the server sends the position in words too
let said = 0;         // the messages this page put in the board's message area (answers, a review's decision)

async function api(method, path, data) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (data !== undefined) headers["Content-Type"] = "application/json";
  try {
    const r = await fetch(path, { method, headers, cache: "no-store",
                                  body: data === undefined ? undefined : JSON.stringify(data) });
    let answer;
    try { answer = await r.json(); } catch { answer = { error: `The server answered ${r.status}` }; }
    return { status: r.status, data: answer };
  } catch {
    return { status: 0, data: { error: "The server cannot be reached" } };
  }
}

function notice(text, isError = false) {
  const p = $("notice");
  p.hidden = !text;
  p.textContent = text || "";
  p.classList.toggle("online-error", isError);
}

// -- the model board.js talks to (as anywidget's: get, set, save_changes, on, off) ------
const values = {};
const listeners = new Map();
const model = {
  get: (name) => values[name],
  set: (name, value) => { values[name] = value; },
  save_changes: () => { if (values.intent) handle(values.intent); },
  on: (event, fn) => { if (!listeners.has(event)) listeners.set(event, new Set()); listeners.get(event).add(fn); },
  off: (event, fn) => { listeners.get(event)?.delete(fn); },
};

function update(traits) {
  const changed = [];
  for (const [name, value] of Object.entries(traits)) {
    if (JSON.stringify(values[name]) !== JSON.stringify(value)) {
      values[name] = value;
      changed.push(name);
    }
  }
  for (const name of changed) for (const fn of listeners.get(`change:${name}`) || []) fn();
}

// The log as the widget sends it: a head that rarely changes and a short tail.
function logParts(entries) {
  const head = values.log_head || [];
  let k = head.length;
  const same = k <= entries.length && JSON.stringify(entries.slice(0, k)) === JSON.stringify(head);
  if (!same || entries.length - k > LOG_PAGE) k = entries.length ? Math.floor((entries.length - 1) / LOG_PAGE) * LOG_PAGE : 0;
  return { log_head: entries.slice(0, k), log_tail: entries.slice(k) };
}

let drawn = false;   // the board is drawn once the server sent one: not beside a refusal

async function loadBoard() {
  if (at === null) mark = null;   // a review's mark belongs to its past position
  const args = [];
  if (at !== null) args.push(`at=${at}`);
  if (at !== null && mark) args.push(`mark=${encodeURIComponent(mark)}`);
  if (textMode) args.push("text=1");
  const query = args.length ? `?${args.join("&")}` : "";
  const { status, data } = await api("GET", `/api/tables/${TABLE}/board${query}`);
  if (status !== 200) { notice(data.error, true); return false; }
  if (!drawn) {
    drawn = true;
    $("board-heading").hidden = false;
    board.render({ model, el: $("board") });
  }
  if (at !== null && at > data.board.history_length) at = null;
  const traits = Object.assign({}, data.board);
  const entries = traits.entries || [];
  delete traits.entries;
  version = data.version;
  update(Object.assign(traits, logParts(entries)));
  body.dataset.version = String(version);   // the version shown (for tests and styles)
  showTable(data);
  return true;
}

// -- intents ----------------------------------------------------------------------------
function refusal() {
  // The widget's words for a click where nothing is offered (BoardWidget.on_refused).
  if (!values.can_act) {
    if (table.over) return "The game is over";
    if (at !== null) return "This is a past position: go to the latest position to act";
    return table.deciding ? `It is ${nameOf(table.deciding)}'s decision now` : "";
  }
  return `Nothing to do there now. ${values.prompt || ""}`;
}

async function post(path, data) {
  const answer = await api("POST", path, Object.assign({ version }, data));
  if (answer.status === 409) {
    await loadBoard();
    return "The table moved on before this arrived, so it was not made: here is the table as it is now";
  }
  if (answer.status !== 200) return answer.data.error || `The server answered ${answer.status}`;
  await loadBoard();
  return "";
}

async function handle(intent) {
  values.intent = null;
  let error = "";
  if (typeof intent !== "object" || intent === null) return;
  if ("action" in intent) {
    if (at !== null) error = `You are looking at a past position (after ${at} of ${values.history_length} actions): go to the latest position to act`;
    else error = await post(`/api/tables/${TABLE}/actions`, { action: intent.action });
  } else if ("concede" in intent) {
    // Out of turn too: the server takes it from this seat's own token only.
    at = null;
    error = await post(`/api/tables/${TABLE}/actions`, { action: `concede ${intent.concede}` });
  } else if ("undo" in intent) {
    at = null;
    error = await post(`/api/tables/${TABLE}/undo`, {});
  } else if ("scrub" in intent) {
    const k = intent.scrub;
    at = k >= values.history_length ? null : k;
    mark = null;
    await loadBoard();
  } else if ("press" in intent) {
    const { panel, button } = intent.press || {};
    if (panel === "review" && button === "review") {
      // Answered at once: the review takes seconds, and its bar shows how far it is.
      reviewGame().then((why) => { if (why) update({ error: why }); });
    } else if (panel === "review" && /^mark-\d+$/.test(button)) {
      error = await showMark(Number(button.slice(5)));
    }
  } else if ("refused" in intent) {
    error = refusal();
  } else if ("text" in intent) {
    textMode = !!intent.text;
    await loadBoard();
  } else if ("line" in intent) {
    // A typed line: the server reads it (an action, an undo, or a question it answers).
    const body = { version, line: intent.line };
    if (at !== null) body.at = at;
    const answer = await api("POST", `/api/tables/${TABLE}/line`, body);
    if (answer.status === 409) {
      await loadBoard();
      error = "The table moved on before this arrived, so it was not made: here is the table as it is now";
    } else if (answer.status !== 200) {
      error = answer.data.error || `The server answered ${answer.status}`;
    } else if ("answer" in answer.data) {
      said += 1;
      update({ message: { id: said, kind: "answer", text: answer.data.answer, lines: answer.data.lines || [] } });
    } else {
      update({ message: {} });
      await loadBoard();
    }
  } else if ("reveal" in intent) {
    error = "There is no handover waiting";
  }
  update({ error, ack: intent.id });
}

// -- the review, once the game is over ----------------------------------------------------
// The server reviews the game for this seat (its own decisions; the spectator's: everyone's)
// and answers with the review panel as the notebook's game draws it; this page only shows
// it, counts the decisions done meanwhile, and shows a marked decision on the board.
let reviewPanel = null;   // the side column's review panel (null: none yet)
let marks = {};           // position -> {text, best}: the costliest decisions, once reviewed
let mark = null;          // the better move marked on the past position shown

function showReview(panel) {
  reviewPanel = panel;
  update({ panels: panel ? [panel] : [] });
}

function offerReview() {
  if (reviewPanel || !table.over) return;
  showReview({ id: "review", title: "Review", lines: [], items: [], busy: null,
               buttons: [{ id: "review", label: "Review",
                           title: "Review the game: what each decision cost, against these bots" }] });
}

async function reviewGame() {
  const offered = reviewPanel;
  const waiting = (busy) => showReview(Object.assign({}, offered, {
    busy, buttons: offered.buttons.map((b) => Object.assign({}, b, { disabled: true })) }));
  waiting({ text: "Reviewing the game…", seconds: null });
  for (;;) {
    const { status, data } = await api("GET", `/api/tables/${TABLE}/review`);
    if (status !== 200) { showReview(offered); return data.error; }
    if (data.panel) { marks = data.marks; showReview(data.panel); return ""; }
    if (data.total) waiting({ text: `Reviewing: ${data.done} of ${data.total} decisions`,
                              seconds: null, done: data.done, total: data.total });
    await sleep(500);
  }
}

async function showMark(k) {
  const m = marks[k];
  if (!m) return "";
  at = k;
  mark = m.best;
  if (!(await loadBoard())) return "";
  update({ message: { id: ++said, kind: "info", text: m.text, lines: [] } });
  // The better move into view (the board can be taller than the window), else the board.
  const best = Array.from(document.querySelectorAll(".ahoy-svg .hint")).find((el) =>
    el.getAttribute("data-action") === m.best
    || JSON.parse(el.getAttribute("data-actions") || "[]").includes(m.best));
  (best || $("board")).scrollIntoView({ block: "center" });
  return "";
}

// -- the bar above the board ---------------------------------------------------------------
function showTable(data) {
  Object.assign(table, data);
  const seat = table.seat;
  $("who").textContent = seat ? `You are ${nameOf(seat)}` : "You are watching";
  const mine = !table.over && seat && table.deciding === seat;
  let turn;
  if (table.over) turn = `Game over: ${(table.winners || []).map(nameOf).join(" and ")} won`;
  else if (mine) turn = "Your turn";
  else turn = table.deciding ? `${nameOf(table.deciding)} to decide` : "";
  $("turn").textContent = turn;
  $("turn").classList.toggle("online-mine", !!mine);
  document.title = (mine ? "● Your turn · " : "") + "Ahoy";
  const connected = new Set(table.connected || []);
  connected.add(seat || "spectator");   // this page is here
  const list = $("seats");
  list.replaceChildren();
  for (const [f, who] of Object.entries(table.seats || {})) {
    const li = document.createElement("li");
    const bot = who !== "person";
    li.dataset.seat = f;
    li.className = bot ? "online-bot" : connected.has(f) ? "online-on" : "online-off";
    if (f === table.deciding && !table.over) li.classList.add("online-deciding");
    li.textContent = nameOf(f) + (bot ? ` (${who})` : f === seat ? " (you)" : "");
    li.title = bot ? `${who}: plays on the server` : connected.has(f) ? "connected" : "not connected";
    list.appendChild(li);
  }
  const watching = document.createElement("li");
  watching.className = connected.has("spectator") ? "online-on" : "online-off";
  watching.textContent = "spectators";
  watching.dataset.seat = "spectator";
  list.appendChild(watching);
  $("links").hidden = !seat;
  $("seed").hidden = !table.seed_chosen;
  offerReview();
}

// Wait for moves: the server answers a poll as soon as the table's version changes.
async function watch() {
  let lost = false;
  for (;;) {
    const asked = token;
    // After a lost connection the first poll asks without waiting: the page knows at once
    // that the server is back, instead of a whole poll's wait later.
    const wait = lost ? 0 : 10;
    const { status, data } = await api("GET", `/api/tables/${TABLE}/poll?version=${version}&wait=${wait}`);
    // A poll sent with this seat's old link, before "New link for my seat": ask again.
    if (status === 403 && token !== asked) continue;
    if (status === 200) {
      lost = false;
      $("seats").classList.remove("online-lost");
      if ($("notice").classList.contains("online-error") || $("notice").textContent.startsWith("Connection")) notice("");
      if (data.version !== version) await loadBoard();
      else showTable(data);
    } else if (status === 0) {
      lost = true;
      notice("Connection lost: trying again…", true);
      // Nobody's presence is known while the server cannot be reached.
      $("seats").classList.add("online-lost");
      await sleep(1000);
    } else {
      notice(data.error, true);
      if (status === 403 || status === 404) return;
      await sleep(2000);
    }
  }
}

async function rotate(spectator) {
  const { status, data } = await api("POST", `/api/tables/${TABLE}/token`, { spectator });
  if (status !== 200) { notice(data.error, true); return; }
  if (spectator) {
    notice(`The new spectator link (the old one no longer works): ${data.url}`);
  } else {
    token = data.token;
    history.replaceState(null, "", `#token=${token}`);
    notice("Your seat has a new link, now in the address bar: the old link no longer works");
  }
}

// -- the page that makes a table ---------------------------------------------------------
function seatRows() {
  const fieldset = $("new-seats");
  fieldset.querySelectorAll("label").forEach((n) => n.remove());
  for (const f of SEATS[$("players").value] || []) {
    const label = document.createElement("label");
    label.textContent = `${nameOf(f)} `;
    const select = document.createElement("select");
    select.name = f;
    for (const [who, text] of Object.entries(CHOICES)) select.appendChild(new Option(text, who));
    label.appendChild(select);
    fieldset.appendChild(label);
  }
  const standings = STANDINGS[$("players").value] || [];
  const box = $("standings");
  box.replaceChildren();
  box.hidden = !standings.length;
  if (standings.length) {
    const list = h("ul");
    list.append(...standings.map((text) => h("li", { text })));
    box.append(h("p", { text: "The bots against each other (the rating ladder):" }), list);
  }
}

// The maker's own seat: one of the seats a person plays (or none: they only watch).
function mineRow() {
  const mine = $("mine");
  const was = mine.value;
  mine.replaceChildren();
  const people = Array.from($("new-seats").querySelectorAll("select")).filter((s) => s.value === "person");
  for (const s of people) mine.appendChild(new Option(nameOf(s.name), s.name));
  mine.appendChild(new Option("none: I only watch", ""));
  if (Array.from(mine.options).some((o) => o.value === was)) mine.value = was;
}

async function copy(link, button) {
  try {
    await navigator.clipboard.writeText(link.href);
  } catch {
    // No clipboard here (an address that is not https, a browser that refuses): select
    // the link's text, so that the person copies it.
    window.getSelection().selectAllChildren(link);
    if (!document.execCommand("copy")) { button.textContent = "Selected: copy it"; return; }
  }
  button.textContent = "Copied";
}

async function makeTable(event) {
  event.preventDefault();
  const bots = {};
  for (const select of $("new-seats").querySelectorAll("select")) {
    if (select.value !== "person") bots[select.name] = select.value;
  }
  const { status, data } = await api("POST", "/api/tables", { players: Number($("players").value), bots });
  if (status !== 200) { notice(data.error, true); return; }
  notice("");
  const mine = $("mine").value;
  const list = $("made-links");
  list.replaceChildren();
  const add = (who, url, yours) => {
    const li = document.createElement("li");
    li.appendChild(h("span", { className: "online-made-who", text: `${who}${yours ? " (yours)" : ""}: ` }));
    if (yours) li.classList.add("online-made-mine");
    const link = h("a", { href: url, text: url, target: "_blank", rel: "noopener noreferrer" });
    const button = h("button", { type: "button", className: "online-copy", text: "Copy",
                                 "aria-label": `Copy ${who}'s link` });
    button.addEventListener("click", () => copy(link, button));
    li.append(link, button);
    if (yours) li.append(h("a", { href: url, className: "online-open-mine", text: "Open my seat" }));
    list.appendChild(li);
  };
  for (const [f, seat] of Object.entries(data.seats)) {
    if (seat.url) add(nameOf(f), seat.url, f === mine);
    else list.appendChild(h("li", { text: `${nameOf(f)}: ${seat.bot} bot` }));
  }
  add("Spectators", data.spectator.url, false);
  $("new").hidden = true;     // the links, not the form: they are what to act on now
  $("made").hidden = false;
  $("made").scrollIntoView({ block: "start" });
}

// A small element maker (the board's own is inside board.js).
function h(tag, attrs = {}) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  return node;
}

// -- start ----------------------------------------------------------------------------------
if (body.dataset.mode === "new") {
  $("new").hidden = false;
  $("players").addEventListener("change", () => { seatRows(); mineRow(); });
  $("new-seats").addEventListener("change", mineRow);
  $("new").addEventListener("submit", makeTable);
  $("again").addEventListener("click", () => { $("made").hidden = true; $("new").hidden = false; });
  seatRows();
  mineRow();
} else if (!token) {
  notice("This address has no token: open the full link you were given (it ends with #token=…)", true);
} else {
  $("rotate").addEventListener("click", () => rotate(false));
  $("watch").addEventListener("click", () => rotate(true));
  loadBoard().then((ok) => { if (ok) watch(); });
}
