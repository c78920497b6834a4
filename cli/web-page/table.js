// The table in a browser: one seat of a networked euchre table, over the table protocol
// (the same messages as `euchre join`). Every word shown of the game comes from the
// server's `texts` (the terminal's own words for this seat); this script only lays them
// out and draws the cards. No library, no build step, nothing fetched from elsewhere.

const PROTOCOL = 2;
const STORE = "euchre.code";
const COLOURS = "euchre.four-colour";
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const CODE = /\b(?:[2-9TEWRJQKA][CDHS]2?|JK)\b/g;
// Ranks drawn otherwise than their code letter: the 10 (T) and the 11, 12, 13 (E, W, R).
const RANK_LABELS = { T: "10", E: "11", W: "12", R: "13" };

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
};

const page = {
  ws: null,
  code: null,
  seat: null,
  words: null, // the joined message's texts: names, card names ...
  texts: null, // the last update's texts
  update: null, // the last update
  acted: undefined, // the step of the update the player last acted on
  armed: undefined, // "step/action" of a risky choice whose key was pressed once
  pause: 200,
  replaced: false,
  stopped: false,
  retry: null,
  lostAt: null, // when the connection was lost (the retries stop after GIVE_UP ms)
};

// How long the page keeps trying to reach a table it lost: a host that restarts (say
// with --resume) is back well within it; after it the page stops and offers a button.
const GIVE_UP = 3 * 60 * 1000;

// -- cards ---------------------------------------------------------------------------

function cardName(code) {
  return (page.words && page.words.cards[code]) || code;
}

function face(code) {
  if (code === "JK") return { rank: "Jkr", suit: "J", symbol: "\u2605" };
  const rank = RANK_LABELS[code[0]] || code[0];
  return { rank, suit: code[1], symbol: SUITS[code[1]] };
}

function drawCard(code, { small = false, tag = "span", label = null } = {}) {
  const f = face(code);
  const node = el(tag, { class: `card suit-${f.suit}${small ? " small" : ""}` });
  if (tag === "span") {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label || cardName(code));
  }
  node.append(
    el("span", { class: "corner", "aria-hidden": "true", text: f.rank + f.symbol }),
    el("span", { class: "pip", "aria-hidden": "true", text: f.symbol }),
  );
  return node;
}

// Words with card codes in them (`JH`): each code drawn as its rank and suit symbol,
// read as its name.
function prose(words) {
  const out = document.createDocumentFragment();
  let pos = 0;
  for (const m of words.matchAll(CODE)) {
    out.append(words.slice(pos, m.index));
    const f = face(m[0]);
    out.append(
      el(
        "span",
        { class: `ct suit-${f.suit}` },
        el("span", { "aria-hidden": "true", text: f.rank + f.symbol }),
        el("span", { class: "sr", text: cardName(m[0]) }),
      ),
    );
    pos = m.index + m[0].length;
  }
  out.append(words.slice(pos));
  return out;
}

function fill(node, words) {
  node.replaceChildren(prose(words || ""));
}

// -- the connection ------------------------------------------------------------------

function say(text) {
  $("connection").textContent = text;
}

function connect() {
  if (!page.code || page.stopped) return;
  clearTimeout(page.retry);
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/");
  page.ws = ws;
  say("Connecting\u2026");
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", version: PROTOCOL, client: "page", texts: true }));
    ws.send(JSON.stringify({ type: "join", code: page.code }));
  };
  ws.onmessage = (event) => {
    if (ws !== page.ws) return;
    receive(JSON.parse(event.data));
  };
  ws.onclose = () => {
    if (ws !== page.ws || page.replaced || page.stopped) return;
    if (page.update && page.update.over) {
      // The game was over: the host has closed its table, there is nothing to rejoin.
      page.stopped = true;
      say("The game is over and the table has closed.");
      return;
    }
    const now = Date.now();
    if (page.lostAt === null) page.lostAt = now;
    if (now - page.lostAt >= GIVE_UP) {
      page.stopped = true;
      say("The table cannot be reached: it may have closed.");
      $("reconnect-button").hidden = false;
      return;
    }
    say("Connection lost: joining again\u2026");
    page.retry = setTimeout(connect, page.pause);
    page.pause = Math.min(page.pause * 2, 5000);
  };
}

function send(message) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify(message));
}

function receive(msg) {
  if (msg.type === "welcome") return;
  if (msg.type === "joined") {
    page.pause = 200;
    page.lostAt = null;
    page.acted = undefined; // an action lost with the connection may be chosen again
    page.seat = msg.seat;
    page.words = msg.texts || null;
    $("log").replaceChildren();
    $("join").hidden = true;
    $("table").hidden = false;
    const where = msg.seat === null ? "watching" : `seat ${msg.seat}`;
    say(`Connected: ${where}${msg.table ? ` at table ${msg.table}` : ""}`);
    if (page.words) $("title").textContent = page.words.title;
    return;
  }
  if (msg.type === "update") {
    page.update = msg;
    page.texts = msg.texts || {};
    for (const line of page.texts.lines || []) addLine(line);
    draw();
    if (page.texts.coach && page.texts.coach.length) {
      $("coach-lines").replaceChildren(...page.texts.coach.map((line) => el("li", {}, prose(line))));
      $("coach").hidden = false;
    }
    if (page.words && page.words.coach && page.texts.hint) showHint("I would");
    // Where the game is, for whoever drives the page (a test, a screen reader's user).
    document.body.dataset.step = String(msg.step);
    document.body.dataset.turn = page.texts.choices ? "mine" : "";
    return;
  }
  if (msg.type === "error") {
    page.acted = undefined;
    problem(msg);
  }
}

function problem(msg) {
  const text = (msg.texts && msg.texts.problem) || msg.message;
  if (msg.code === "replaced") {
    page.replaced = true;
    say("This seat was taken in another tab or window.");
    $("join").hidden = false;
    $("join-problem").textContent =
      "This seat was taken in another tab or window with the same code. Sit down again here to take it back.";
    $("code").value = page.code;
    return;
  }
  if (msg.code === "bad-code" || msg.code === "version") {
    page.stopped = true;
    localStorage.removeItem(STORE);
    $("table").hidden = true;
    $("join").hidden = false;
    $("join-problem").textContent = text;
    say("Not connected");
    return;
  }
  $("problem").replaceChildren(prose(text));
}

function addLine(line) {
  const log = $("log");
  log.append(el("li", {}, prose(line)));
  while (log.children.length > 200) log.firstElementChild.remove();
  const box = $("log-box");
  box.scrollTop = box.scrollHeight;
}

// -- drawing the table ----------------------------------------------------------------

function draw() {
  const msg = page.update;
  const t = page.texts;
  const table = t.table;
  // A keyboard user's place: the hand and choices are drawn anew, so the focus moves to
  // the first choice of the new decision (or the hand) when it was among them.
  const active = document.activeElement;
  const wasIn = active && ($("hand").contains(active) || $("choices").contains(active));
  $("heading").textContent = table ? table.heading : (page.words && page.words.title) || "";
  if (table) {
    fill($("score"), table.score);
    $("trump-label").textContent = table.trump_label;
    fill($("trump"), table.trump);
    $("trump-row").hidden = !table.trump;
    fill($("tricks"), table.tricks);
    $("tricks-row").hidden = !table.tricks;
    drawSeats(table, msg);
    drawLastTrick(table);
    drawHand(table, t);
  }
  drawChoices(t);
  const waiting = seatList(msg.waiting || []);
  const standIns = seatList(msg.stand_ins || []);
  $("waiting").textContent = !msg.started
    ? `Waiting for players: ${waiting}`
    : [
        waiting ? `Waiting for ${waiting}.` : "",
        standIns ? `A bot plays ${standIns} until its player is back.` : "",
      ]
        .filter(Boolean)
        .join(" ");
  $("start-button").hidden = msg.started || page.seat === null;
  $("hint-button").hidden = !t.hint;
  if (!t.hint) $("hint").hidden = true;
  if (!t.choices) $("problem").textContent = "";
  const over = $("over");
  over.hidden = !msg.over;
  if (msg.over) {
    const lines = Array.from($("log").children).map((li) => li.textContent);
    const end = lines.reverse().find((line) => line.startsWith("Game over")) || "Game over.";
    over.textContent = end;
    $("sheet-box").open = true;
  }
  drawSheet(t.sheet);
  if (wasIn) {
    const next = document.querySelector("#hand button.legal, #choices button, #hand button");
    if (next) next.focus();
  }
}

function seatOrder(n) {
  const me = page.seat === null ? 0 : page.seat;
  return Array.from({ length: n }, (_, k) => (me + k) % n);
}

function drawSeats(table, msg) {
  const box = $("seats");
  const n = table.seats.length;
  const order = seatOrder(n);
  const areas = n === 4 ? ["me", "left", "across", "right"] : null;
  box.className = n === 4 ? "seats" : "seats row";
  const nodes = order.map((s, k) => {
    const info = table.seats[s];
    // What the seat is (dealer, maker, alone, sits out, its bid) is the terminal's
    // status line; to act is shown by the pointer and said in the seat's name.
    const badges = info.to_act ? ["to act"] : [];
    const label = [info.name, info.status, ...badges].filter(Boolean).join(", ");
    const slot = el("div", { class: "slot" });
    if (info.card) {
      const played = `${info.name} played ${cardName(info.card)}${info.led ? ", led" : ""}`;
      slot.append(drawCard(info.card, { small: true, label: played }));
    }
    const node = el(
      "section",
      {
        class: `seat${info.to_act ? " to-act" : ""}${info.out ? " out" : ""}`,
        "aria-label": label,
        "data-seat": String(s),
      },
      el("div", { class: "name", text: info.name }),
      el("div", { class: "badges" }, ...badges.map((b) => el("span", { class: "badge", text: b }))),
      el("div", { class: "status" }, prose(info.status)),
      slot,
    );
    if (areas) node.style.gridArea = areas[k];
    return node;
  });
  const centre = el("div", { class: "centre" });
  if (table.phase === "play") {
    centre.append(el("div", { text: `trick ${table.trick_number}` }));
  } else if (table.upcard && table.trump_label === "Up-card") {
    centre.append(el("div", { text: "up-card" }), drawCard(table.upcard));
  }
  nodes.push(centre);
  box.replaceChildren(...nodes);
}

function drawLastTrick(table) {
  const box = $("last-trick");
  const last = table.last_trick;
  box.hidden = !last;
  if (!last) return;
  const names = page.words ? page.words.names : [];
  const plays = el("div", { class: "plays" });
  for (const [s, code] of last.plays) {
    const who = names[s] || `seat ${s}`;
    const won = s === last.winner ? ", won" : "";
    plays.append(
      el(
        "figure",
        {},
        drawCard(code, { small: true, label: `${who}: ${cardName(code)}${won}` }),
        el("figcaption", { "aria-hidden": "true", text: who + (won ? " \u2605" : "") }),
      ),
    );
  }
  box.replaceChildren(el("p", {}, prose(last.text)), plays);
}

function drawHand(table, t) {
  const hand = $("hand");
  const mine = t.choices || [];
  const byCard = new Map(mine.filter((c) => c.card).map((c) => [c.card, c]));
  const myTurn = mine.length > 0;
  const cardTurn = byCard.size > 0;
  const verb = cardTurn ? mine.find((c) => c.card).action.split(" ")[0] : "play";
  $("prompt").textContent = myTurn ? t.prompt : "";
  const items = table.hand.map((h) => {
    const choice = byCard.get(h.card);
    const legal = Boolean(choice);
    const dim = cardTurn && !legal;
    let name = h.name;
    if (cardTurn) name += legal ? ", playable" : ", not playable";
    if (legal && choice.key) name += `, key ${choice.key}`;
    const button = drawCard(h.card, { tag: "button" });
    button.type = "button";
    button.classList.toggle("legal", legal);
    button.classList.toggle("dim", dim);
    button.append(el("span", { class: "sr", text: name })); // its name: the glyphs are hidden
    if (h.role) button.append(el("span", { class: "role", "aria-hidden": "true", text: h.role }));
    button.dataset.card = h.card;
    if (legal && choice.key) button.setAttribute("aria-keyshortcuts", choice.key);
    button.addEventListener("click", () => {
      if (legal) act(choice.action);
      else if (cardTurn || table.phase === "play") send({ type: "act", action: `${verb} ${h.card}` });
      else $("problem").textContent = myTurn ? "Choose one of the buttons below." : "It is not your turn.";
    });
    return el("li", {}, button);
  });
  hand.replaceChildren(...items);
}

// Seats as the table names them ("West (seat 1), East (seat 3)"), the numbers kept for
// the codes the host handed out.
function seatList(seats) {
  const names = (page.words && page.words.names) || [];
  return seats.map((s) => (names[s] ? `${names[s]} (seat ${s})` : `seat ${s}`)).join(", ");
}

function drawChoices(t) {
  const box = $("choices");
  const others = (t.choices || []).filter((c) => !c.card);
  box.replaceChildren(
    ...others.map((c) => {
      const button = el("button", { type: "button", "data-action": c.action });
      button.append(el("span", { class: "key", "aria-hidden": "true", text: c.key }), prose(c.say));
      if (c.risk) button.append(el("span", { class: "risk", text: ` (${c.risk})` }));
      button.setAttribute("aria-keyshortcuts", c.key);
      button.addEventListener("click", () => act(c.action));
      return button;
    }),
  );
}

function drawSheet(sheet) {
  const table = $("sheet");
  if (!sheet) return;
  const head = el("tr", {}, ...sheet.columns.map((c) => el("th", { scope: "col", text: c })));
  const rows = sheet.rows.map((r) => el("tr", {}, ...r.map((cell) => el("td", { text: cell }))));
  if (!rows.length) {
    rows.push(el("tr", {}, el("td", { colspan: String(sheet.columns.length), text: "No deal has been scored yet." })));
  }
  table.replaceChildren(
    el("caption", { class: "sr", text: "Score deal by deal" }),
    el("thead", {}, head),
    el("tbody", {}, ...rows),
  );
}

function act(action) {
  // One decision per update: a double click (or tap) is not a second decision, taken
  // for the player in whatever question comes next. A refusal lets them choose again.
  const step = page.update ? page.update.step : null;
  if (page.acted === step) return;
  page.acted = step;
  $("problem").textContent = "";
  $("hint").hidden = true;
  send({ type: "act", action });
}

function showHint(label = "Hint") {
  const hint = page.texts && page.texts.hint;
  const box = $("hint");
  if (!hint) return;
  const words = hint.say ? `${label}: ${hint.say}${hint.why ? `: ${hint.why}` : ""}` : hint.why;
  box.replaceChildren(prose(words));
  box.hidden = false;
}

// -- starting ------------------------------------------------------------------------

function sitDown(code) {
  page.code = code.trim();
  if (!page.code) return;
  localStorage.setItem(STORE, page.code);
  page.replaced = false;
  page.stopped = false;
  $("join-problem").textContent = "";
  if (page.ws) {
    const old = page.ws;
    page.ws = null;
    old.close();
  }
  connect();
}

function leave() {
  page.stopped = true;
  send({ type: "leave" });
  localStorage.removeItem(STORE);
  if (page.ws) page.ws.close();
  page.ws = null;
  $("table").hidden = true;
  $("join").hidden = false;
  say("You left the table; your code sits there again.");
}

function keys(event) {
  if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
  const t = page.texts;
  if (!t) return;
  if (event.key === "?") {
    showHint();
    event.preventDefault();
    return;
  }
  const choice = (t.choices || []).find((c) => c.key === event.key.toLowerCase());
  if (choice) {
    event.preventDefault();
    if (choice.risk && page.armed !== `${page.update.step}/${choice.action}`) {
      // A risky choice by a key (a slip of the finger) is asked again, as at the terminal.
      page.armed = `${page.update.step}/${choice.action}`;
      $("problem").textContent =
        `${choice.say}: ${choice.risk}? Press ${choice.key} again to confirm, or choose another.`;
      return;
    }
    page.armed = undefined;
    act(choice.action);
  }
}

function colours(on) {
  document.body.classList.toggle("four", on);
  localStorage.setItem(COLOURS, on ? "1" : "0");
}

async function lobby() {
  let listed;
  try {
    const answer = await fetch("/tables.json", { cache: "no-store" });
    if (!answer.ok) return;
    listed = await answer.json();
  } catch {
    return;
  }
  const list = $("lobby-list");
  const items = [];
  for (const t of listed.tables || []) {
    const seats = [
      ...Object.entries(t.open || {}).map(([seat, code]) => [seat, code, `Sit at seat ${seat}`]),
      ...Object.entries(t.bots || {}).map(([seat, code]) => [
        seat,
        code,
        `Take seat ${seat} from its bot`,
      ]),
    ];
    for (const [, code, words] of seats) {
      const button = el("button", { type: "button", text: words });
      button.addEventListener("click", () => sitDown(code));
      items.push(el("li", {}, `${t.title} (table ${t.table}, game to ${t.target}) `, button));
    }
  }
  list.replaceChildren(...items);
  $("lobby").hidden = items.length === 0;
}

function start() {
  const four = localStorage.getItem(COLOURS) === "1";
  $("four-colour").checked = four;
  colours(four);
  $("four-colour").addEventListener("change", (e) => colours(e.target.checked));
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    sitDown($("code").value);
  });
  $("hint-button").addEventListener("click", () => showHint());
  $("start-button").addEventListener("click", () => send({ type: "start" }));
  $("leave-button").addEventListener("click", leave);
  $("reconnect-button").addEventListener("click", () => {
    $("reconnect-button").hidden = true;
    page.stopped = false;
    page.lostAt = null;
    page.pause = 200;
    connect();
  });
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", () => {
    const linked = codeFromLink();
    if (linked) sitDown(linked);
  });
  const code = codeFromLink() || localStorage.getItem(STORE);
  if (code) sitDown(code);
  else lobby();
}

// A link that carries the code (`/#code=...`): kept in the page's storage, and taken out
// of the address bar.
function codeFromLink() {
  const linked = new URLSearchParams(location.hash.slice(1)).get("code");
  if (linked) {
    localStorage.setItem(STORE, linked);
    history.replaceState(null, "", location.pathname);
  }
  return linked;
}

start();
