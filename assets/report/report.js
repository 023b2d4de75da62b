// tfstream HTML report: the page. Plain ES2020, no framework, no build step, no
// request of any kind: everything it shows is in the file (docs/html-report.md).
//
// The file holds chunks of the text form, each zlib-compressed and in base 85 in a
// <script type="application/octet-stream" class="tfs-chunk"> element with its
// index (one row per entry: block or text) in data-index, then the report's
// metadata in <script id="tfs-meta">. This script reads every index at start
// (small), and decompresses a chunk's text only when an entry of it is shown
// or searched, keeping a few in a cache.
//
// Safety: plan text reaches the DOM only through textContent, createTextNode
// and setAttribute; the CSP allows this script and the report's style only.
"use strict";

(() => {
  const doc = document;
  const root = doc.documentElement;

  // ---- small DOM helpers (text only: never HTML) -----------------------------
  function el(tag, cls, text) {
    const e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function button(cls, text, title, onClick) {
    const b = el("button", cls, text);
    b.type = "button";
    if (title) b.title = title;
    if (onClick) b.addEventListener("click", onClick);
    return b;
  }
  // A class name for an action word: only the known words (the index is data, not markup).
  const actClass = (a) => "act-" + (ACTIONS_KNOWN.has(a) ? a : "other");
  const numberFormat = new Intl.NumberFormat("en-US");
  const fmt = (n) => numberFormat.format(Number(n));
  function fail(message) {
    const box = el("div", "fatal", "This report cannot be shown: " + message);
    doc.body.appendChild(box);
    root.setAttribute("data-state", "error");
  }

  // ---- vocabulary -------------------------------------------------------------
  // Action words are those --action accepts and --summary counts by.
  const ACTIONS = ["create", "update", "delete", "replace", "read", "forget", "no-op", "moved", "import"];
  const ACTIONS_KNOWN = new Set(ACTIONS);
  const SYMBOL = {
    create: "+", update: "~", delete: "-", replace: "-/+", read: "<=", forget: ".", "no-op": "·",
    moved: "→", import: "←",
  };
  const VERB = {
    create: "to create", update: "to update", delete: "to destroy", replace: "to replace", read: "to read",
    forget: "to forget", "no-op": "moved or imported only", moved: "moved", import: "to import",
  };
  const SECTIONS = ["drift", "changes", "deferred", "actions", "outputs", "state", "other"];
  const SECTION_LABEL = {
    drift: "Changed outside", changes: "Planned changes", deferred: "Deferred", actions: "Actions",
    outputs: "Outputs", state: "State", other: "Other",
  };

  // ---- reading the file -------------------------------------------------------
  const metaEl = doc.getElementById("tfs-meta");
  if (!metaEl) return fail("its metadata is missing (the file was cut short?)");
  let meta;
  try {
    meta = JSON.parse(metaEl.textContent);
  } catch (e) {
    return fail("its metadata is not valid JSON");
  }
  if (typeof DecompressionStream !== "function") {
    return fail("this browser has no DecompressionStream (use a current Chromium, Firefox or Safari)");
  }
  const chunkEls = Array.from(doc.querySelectorAll("script.tfs-chunk"));
  chunkEls.sort((a, b) => Number(a.getAttribute("data-chunk")) - Number(b.getAttribute("data-chunk")));
  const COLOR = !!meta.color;

  // The payloads (the text, and data-index) are base 85 (docs/html-report.md, "The file"): each 4
  // bytes, big-endian, as 5 digits, most significant first; a final group of n < 4 bytes as n + 1
  // digits (Ascii85's rule: read it padded with the last digit, keep n bytes). The alphabet holds
  // no '<', '>', '&', quote, backslash or backquote.
  const B85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+,.:;=?@[]^_{|}~";
  const B85_DIGIT = new Uint8Array(65536).fill(255); // by UTF-16 code unit: 255 outside the alphabet
  for (let i = 0; i < B85.length; i++) B85_DIGIT[B85.charCodeAt(i)] = i;
  function base85Bytes(s) {
    const n = s.length;
    const tail = n % 5;
    const groups = (n - tail) / 5;
    if (tail === 1) throw new Error("a payload of " + n + " characters is not base 85");
    const out = new Uint8Array(groups * 4 + (tail ? tail - 1 : 0));
    let bad = 0;
    let o = 0;
    let i = 0;
    for (let g = 0; g < groups; g++, i += 5) {
      const d0 = B85_DIGIT[s.charCodeAt(i)];
      const d1 = B85_DIGIT[s.charCodeAt(i + 1)];
      const d2 = B85_DIGIT[s.charCodeAt(i + 2)];
      const d3 = B85_DIGIT[s.charCodeAt(i + 3)];
      const d4 = B85_DIGIT[s.charCodeAt(i + 4)];
      bad |= d0 | d1 | d2 | d3 | d4;
      const v = (((d0 * 85 + d1) * 85 + d2) * 85 + d3) * 85 + d4;
      if (v > 4294967295) bad |= 128;
      out[o] = v >>> 24; // a Uint8Array keeps the low 8 bits
      out[o + 1] = v >>> 16;
      out[o + 2] = v >>> 8;
      out[o + 3] = v;
      o += 4;
    }
    if (tail) {
      let v = 0;
      for (let k = 0; k < 5; k++) {
        const d = k < tail ? B85_DIGIT[s.charCodeAt(i + k)] : 84;
        bad |= d;
        v = v * 85 + d;
      }
      if (v > 4294967295) bad |= 128;
      for (let k = 0; k < tail - 1; k++) out[o++] = v >>> (24 - 8 * k);
    }
    if (bad & 128) throw new Error("a payload holds a character outside base 85, or a group over 2^32");
    return out;
  }
  async function inflate(bytes) {
    // Straight to the stream's writer and reader: no Blob or Response per chunk (a state's
    // report has ~1,500 chunks, each index inflated at start).
    const ds = new DecompressionStream("deflate");
    const writer = ds.writable.getWriter();
    writer.write(bytes).catch(() => {});
    writer.close().catch(() => {});
    const reader = ds.readable.getReader();
    const parts = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      total += value.length;
    }
    if (parts.length === 1) return parts[0];
    const out = new Uint8Array(total);
    let o = 0;
    for (const part of parts) {
      out.set(part, o);
      o += part.length;
    }
    return out;
  }
  const utf8 = new TextDecoder("utf-8");

  // Entries, as columns (100,000s of them).
  const E = {
    kind: [], // 1 block, 0 text
    sec: [], // index in SECTIONS
    addr: [],
    act: [], // action word ("" for text)
    mod: [], // module address
    chunk: [],
    off: [],
    len: [],
  };
  const lines = []; // newline count once the entry's chunk was read (undefined before)
  let blankOf; // 0 unknown, 1 blank, 2 not blank (text entries)
  let openOf; // 1 when a block is open
  let measuredOpen; // measured height of an open block / a text row
  const addrIds = new Map(); // address -> [ids]

  async function readIndexes() {
    const all = await Promise.all(
      chunkEls.map(async (c) => {
        const bytes = await inflate(base85Bytes(c.getAttribute("data-index") || ""));
        return JSON.parse(utf8.decode(bytes));
      }),
    );
    for (let c = 0; c < all.length; c++) {
      for (const row of all[c]) {
        const id = E.kind.length;
        const kind = row[0] === "block" ? 1 : 0;
        let s = SECTIONS.indexOf(row[1]);
        if (s < 0) s = SECTIONS.length - 1;
        E.kind.push(kind);
        E.sec.push(s);
        E.addr.push(kind ? String(row[2]) : "");
        E.act.push(kind ? String(row[3]) : "");
        E.mod.push(kind ? String(row[4] || "") : "");
        E.chunk.push(c);
        E.off.push(Number(row[5]));
        E.len.push(Number(row[6]));
        if (kind) {
          const a = E.addr[id];
          const list = addrIds.get(a);
          if (list) list.push(id);
          else addrIds.set(a, [id]);
        }
      }
    }
    const n = E.kind.length;
    blankOf = new Uint8Array(n);
    openOf = new Uint8Array(n);
    measuredOpen = new Float32Array(n);
    // Separators between blocks are tiny text entries: hidden until read.
    for (let i = 0; i < n; i++) if (!E.kind[i] && E.len[i] <= 8) blankOf[i] = 1;
  }

  // ---- chunk cache ------------------------------------------------------------
  const CACHE_CHUNKS = 12;
  const cache = new Map(); // chunk -> Uint8Array (Map order = LRU order)
  const pending = new Map(); // chunk -> Promise
  function cachedChunk(c) {
    const b = cache.get(c);
    if (b) {
      cache.delete(c);
      cache.set(c, b);
    }
    return b;
  }
  function noteChunk(c, bytes) {
    // What every reader of a chunk learns: line counts, blank text entries.
    for (let i = firstOfChunk[c]; i < firstOfChunk[c + 1]; i++) {
      if (lines[i] !== undefined) continue;
      const s = E.off[i];
      const end = s + E.len[i];
      let nl = 0;
      for (let k = s; k < end; k++) if (bytes[k] === 10) nl++;
      lines[i] = nl;
      if (!E.kind[i]) {
        const was = blankOf[i];
        const now = /^(?:\s|\x1b\[[0-9;]*m)*$/.test(utf8.decode(bytes.subarray(s, end))) ? 1 : 2;
        if (was !== now) {
          blankOf[i] = now;
          view.textChanged = true;
        }
      }
    }
  }
  function loadChunk(c) {
    const have = cachedChunk(c);
    if (have) return Promise.resolve(have);
    let p = pending.get(c);
    if (p) return p;
    p = inflate(base85Bytes(chunkEls[c].textContent)).then((bytes) => {
      pending.delete(c);
      cache.set(c, bytes);
      while (cache.size > CACHE_CHUNKS) cache.delete(cache.keys().next().value);
      noteChunk(c, bytes);
      return bytes;
    });
    pending.set(c, p);
    return p;
  }
  // The entry's raw text (with SGR escapes when the report has colour), or null.
  function rawText(id) {
    const b = cachedChunk(E.chunk[id]);
    if (!b) return null;
    return utf8.decode(b.subarray(E.off[id], E.off[id] + E.len[id]));
  }
  let firstOfChunk = [];

  // ---- SGR escapes -> classes -------------------------------------------------
  // Terraform's and OpenTofu's colour strings use bold, underline and the 8/16
  // colours; every SGR sequence is consumed, none reaches the DOM.
  const SGR = /\x1b\[([0-9;]*)m/g;
  function parseSgr(raw) {
    const segs = []; // [start, end, cls] over the plain text
    let plain = "";
    let bold = false, dim = false, italic = false, under = false, fg = -1, bg = -1;
    let last = 0;
    let m;
    const cls = () => {
      const c = [];
      if (bold) c.push("sb");
      if (dim) c.push("sd");
      if (italic) c.push("si");
      if (under) c.push("su");
      if (fg >= 0) c.push("f" + fg);
      if (bg >= 0) c.push("g" + bg);
      return c.join(" ");
    };
    const emit = (text) => {
      if (!text) return;
      const start = plain.length;
      plain += text;
      const k = cls();
      const prev = segs[segs.length - 1];
      if (prev && prev[1] === start && prev[2] === k) prev[1] = plain.length;
      else segs.push([start, plain.length, k]);
    };
    SGR.lastIndex = 0;
    while ((m = SGR.exec(raw)) !== null) {
      emit(raw.slice(last, m.index));
      last = SGR.lastIndex;
      const codes = m[1] === "" ? [0] : m[1].split(";").map(Number);
      for (let i = 0; i < codes.length; i++) {
        const n = codes[i];
        if (n === 0) { bold = dim = italic = under = false; fg = bg = -1; }
        else if (n === 1) bold = true;
        else if (n === 2) dim = true;
        else if (n === 3) italic = true;
        else if (n === 4) under = true;
        else if (n === 22) bold = dim = false;
        else if (n === 23) italic = false;
        else if (n === 24) under = false;
        else if (n >= 30 && n <= 37) fg = n - 30;
        else if (n === 39) fg = -1;
        else if (n >= 40 && n <= 47) bg = n - 40;
        else if (n === 49) bg = -1;
        else if (n >= 90 && n <= 97) fg = n - 90 + 8;
        else if (n >= 100 && n <= 107) bg = n - 100 + 8;
        else if ((n === 38 || n === 48) && codes[i + 1] === 5) i += 2; // 256 colours: not used, skipped
        else if ((n === 38 || n === 48) && codes[i + 1] === 2) i += 4;
      }
    }
    emit(raw.slice(last));
    return { plain, segs };
  }
  function plainOf(raw) {
    return COLOR ? raw.replace(SGR, "") : raw;
  }

  // Fills `into` with the text: colour spans, search hits as <mark>.
  const MAX_SPANS = 4000; // a huge block keeps its text, loses its colours
  function fillText(into, raw, query, trim) {
    let plain, segs;
    if (COLOR) ({ plain, segs } = parseSgr(raw));
    else {
      plain = raw;
      segs = [[0, raw.length, ""]];
    }
    if (trim) {
      // A text section shows without the empty lines around it (the list spaces rows itself).
      let a = 0, b = plain.length;
      while (a < b && plain[a] === "\n") a++;
      while (b > a + 1 && plain[b - 1] === "\n" && plain[b - 2] === "\n") b--;
      if (a > 0 || b < plain.length) {
        plain = plain.slice(a, b);
        segs = segs.filter((g) => g[1] > a && g[0] < b).map((g) => [Math.max(g[0], a) - a, Math.min(g[1], b) - a, g[2]]);
        if (!segs.length) segs = [[0, plain.length, ""]];
      }
    }
    const hits = [];
    if (query) {
      const low = plain.toLowerCase();
      for (let i = low.indexOf(query); i >= 0 && hits.length < MAX_SPANS; i = low.indexOf(query, i + query.length)) {
        hits.push(i);
      }
    }
    if (segs.length > MAX_SPANS) segs = [[0, plain.length, ""]];
    if (!hits.length && segs.length === 1 && !segs[0][2]) {
      into.textContent = plain;
      return 0;
    }
    let h = 0;
    for (const [s, e, k] of segs) {
      const host = k ? into.appendChild(el("span", k)) : into;
      let p = s;
      while (p < e) {
        while (h < hits.length && hits[h] + query.length <= p) h++;
        if (h < hits.length && hits[h] <= p) {
          const end = Math.min(e, hits[h] + query.length);
          const mk = el("mark", "hit", plain.slice(p, end));
          mk.setAttribute("data-hit", String(h));
          host.appendChild(mk);
          p = end;
        } else {
          const end = h < hits.length ? Math.min(e, hits[h]) : e;
          host.appendChild(doc.createTextNode(plain.slice(p, end)));
          p = end;
        }
      }
    }
    return hits.length;
  }

  // ---- module addresses ---------------------------------------------------------
  // module.a["x.y"].module.b -> ['module.a["x.y"]', 'module.b'] (keys may hold '.' and ']').
  function moduleSteps(m) {
    const out = [];
    let i = 0;
    const n = m.length;
    while (i < n) {
      let j = m.startsWith("module.", i) ? i + 7 : i;
      while (j < n && m[j] !== "." && m[j] !== "[") j++;
      if (m[j] === "[") {
        let quoted = false;
        for (; j < n; j++) {
          const c = m[j];
          if (quoted && c === "\\") { j++; continue; }
          if (c === '"') quoted = !quoted;
          else if (c === "]" && !quoted) { j++; break; }
        }
      }
      out.push(m.slice(i, j));
      i = j + 1;
    }
    return out;
  }

  // ---- state ------------------------------------------------------------------
  const filter = {
    actions: new Set(), // empty: every action
    sections: new Set(), // empty: every section
    module: null, // null: every module; "" the root module; else a module instance and those under it
    address: "",
    hitsOnly: false,
    destroysFirst: false,
  };
  const search = { query: "", gen: 0, done: true, scanned: 0, ids: [], counts: [], total: 0, cur: -1, cum: [] };
  const view = {
    rows: new Int32Array(0),
    rowOf: new Map(), // entry id -> row index (built lazily)
    pos: new Float64Array(1),
    heights: new Float64Array(0),
    dirty: true,
    textChanged: false,
    focus: -1, // entry id
    live: new Map(), // entry id -> {el, sig}
    headH: 28,
    lineH: 18,
    pad: 16,
    small: false,
  };

  // ---- layout -----------------------------------------------------------------
  const ui = {};
  function buildPage() {
    const body = doc.body;
    const page = el("div", "page");
    // Header.
    const head = el("header", "top");
    const titleRow = el("div", "title-row");
    const h1 = el("h1", "title", meta.title || doc.title || "tfstream report");
    titleRow.appendChild(h1);
    const flavor = meta.flavor === "opentofu" ? "OpenTofu" : "Terraform";
    const facts = el("span", "facts");
    facts.appendChild(el("span", "fact", flavor + (meta.release ? " " + meta.release : "")));
    facts.appendChild(el("span", "fact", meta.document === "state" ? "state" : "plan"));
    if (meta.tool_version) facts.appendChild(el("span", "fact dim", "tfstream " + meta.tool_version));
    titleRow.appendChild(facts);
    const tools = el("span", "head-tools");
    ui.theme = button("ghost theme", "", "Theme: follow the system, light or dark (t)", cycleTheme);
    tools.appendChild(ui.theme);
    tools.appendChild(button("ghost", "?", "Keyboard shortcuts (?)", () => toggleHelp()));
    titleRow.appendChild(tools);
    head.appendChild(titleRow);

    const q = String(meta.quality || "");
    if (q && q !== "none") {
      const text = {
        errored: "Errored plan: planning failed part-way; this is what it planned before the error. It cannot be applied.",
        "cannot-apply": "This plan cannot be applied.",
        "no-changes": "No changes: the infrastructure matches the configuration.",
      }[q] || "Plan quality: " + q;
      const box = el("div", "quality q-" + q.replace(/[^a-z-]/g, ""), text);
      box.setAttribute("role", q === "no-changes" ? "status" : "alert");
      head.appendChild(box);
    }

    const counts = el("div", "counts");
    const c = meta.counts || {};
    let any = false;
    for (const a of ACTIONS) {
      const n = Number(c[a] || 0);
      if (!n) continue;
      any = true;
      const chip = button("chip " + actClass(a), "", "Show only these: " + a, () => toggleAction(a, true));
      chip.appendChild(el("span", "sym", SYMBOL[a]));
      chip.appendChild(el("span", "n", fmt(n)));
      chip.appendChild(el("span", "w", VERB[a]));
      chip.setAttribute("data-action", a);
      counts.appendChild(chip);
    }
    if (meta.document === "state") {
      counts.appendChild(el("span", "fact", fmt(totalBlocks) + (totalBlocks === 1 ? " resource object" : " resource objects")));
    } else if (!any) counts.appendChild(el("span", "dim", "No resource changes."));
    if (meta.totals_line) counts.appendChild(el("span", "totals", meta.totals_line));
    head.appendChild(counts);

    const notices = el("div", "notices");
    const destroys = Number(meta.destroy_count || 0);
    if (destroys > 0) {
      const alert = el("div", "alert");
      alert.setAttribute("role", "alert");
      alert.appendChild(el("strong", "", "⚠ " + fmt(destroys) + (destroys === 1 ? " resource" : " resources") +
        " will be destroyed"));
      alert.appendChild(doc.createTextNode(" (deleted, or deleted and created again)."));
      alert.appendChild(button("link", "Show them", "Filter the list to destroys and replacements", () => {
        filter.actions = new Set(["delete", "replace"]);
        filter.sections = new Set();
        applyFilters(true);
      }));
      notices.appendChild(alert);
    }
    const drift = Number(meta.drift_count || 0);
    if (drift > 0) {
      const note = el("div", "note");
      note.appendChild(doc.createTextNode(fmt(drift) + (drift === 1 ? " object has" : " objects have") +
        " changed outside of " + flavor + ". "));
      note.appendChild(button("link", "Show them", "Filter the list to the drift section", () => {
        filter.sections = new Set(["drift"]);
        filter.actions = new Set();
        applyFilters(true);
      }));
      notices.appendChild(note);
    }
    if (notices.firstChild) head.appendChild(notices);

    // Toolbar.
    const bar = el("div", "toolbar");
    const sbox = el("span", "searchbox");
    ui.search = el("input", "search");
    ui.search.type = "search";
    ui.search.placeholder = "Search all text  ( / )";
    ui.search.setAttribute("aria-label", "Search the text of every block");
    ui.search.addEventListener("input", () => startSearch(ui.search.value));
    ui.search.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") {
        ev.preventDefault();
        stepHit(ev.shiftKey ? -1 : 1);
      } else if (ev.key === "Escape") {
        ui.search.blur();
        ui.list.focus();
      }
    });
    sbox.appendChild(ui.search);
    ui.hits = el("span", "hits", "");
    ui.hits.setAttribute("aria-live", "polite");
    ui.hits.setAttribute("data-search", "idle");
    sbox.appendChild(ui.hits);
    sbox.appendChild(button("ghost", "↑", "Previous hit (Shift+Enter, N)", () => stepHit(-1)));
    sbox.appendChild(button("ghost", "↓", "Next hit (Enter, n)", () => stepHit(1)));
    const only = el("label", "check");
    ui.hitsOnly = el("input");
    ui.hitsOnly.type = "checkbox";
    ui.hitsOnly.addEventListener("change", () => {
      filter.hitsOnly = ui.hitsOnly.checked;
      applyFilters(true);
    });
    only.appendChild(ui.hitsOnly);
    only.appendChild(doc.createTextNode(" only matches"));
    sbox.appendChild(only);
    bar.appendChild(sbox);

    const right = el("span", "bar-right");
    ui.order = el("select", "order");
    ui.order.setAttribute("aria-label", "Order");
    for (const [v, t] of [["doc", "Text order"], ["destroys", "Destroys first"]]) {
      const o = el("option", "", t);
      o.value = v;
      ui.order.appendChild(o);
    }
    ui.order.addEventListener("change", () => {
      filter.destroysFirst = ui.order.value === "destroys";
      applyFilters(true);
    });
    right.appendChild(ui.order);
    right.appendChild(button("ghost", "Expand all", "Open every listed block (e)", () => expandAll(true)));
    right.appendChild(button("ghost", "Collapse all", "Close every block (c)", () => expandAll(false)));
    bar.appendChild(right);
    head.appendChild(bar);
    page.appendChild(head);

    // Side panel: filters.
    const main = el("div", "main");
    const side = el("nav", "side");
    side.setAttribute("aria-label", "Filters");
    side.appendChild(el("h2", "", "Address"));
    ui.address = el("input", "addr-filter");
    ui.address.type = "search";
    ui.address.placeholder = "filter, * wildcard";
    ui.address.setAttribute("aria-label", "Filter by address");
    ui.address.addEventListener("input", () => {
      filter.address = ui.address.value;
      applyFilters(true);
    });
    side.appendChild(ui.address);
    ui.actionsHead = side.appendChild(el("h2", "", "Action"));
    ui.actions = el("div", "facets");
    side.appendChild(ui.actions);
    side.appendChild(el("h2", "", "Section"));
    ui.sections = el("div", "facets");
    side.appendChild(ui.sections);
    side.appendChild(el("h2", "", "Module"));
    ui.modules = el("div", "tree");
    side.appendChild(ui.modules);
    ui.clear = button("link clear", "Clear filters", "Show everything (x)", clearFilters);
    side.appendChild(ui.clear);
    main.appendChild(side);

    // The list: rows positioned in a tall spacer; only those near the viewport exist.
    const listWrap = el("div", "listwrap");
    ui.status = el("div", "status", "");
    ui.status.setAttribute("aria-live", "polite");
    listWrap.appendChild(ui.status);
    ui.list = el("div", "list");
    ui.list.tabIndex = 0;
    ui.list.setAttribute("aria-label", "Blocks");
    ui.spacer = el("div", "spacer");
    ui.list.appendChild(ui.spacer);
    listWrap.appendChild(ui.list);
    main.appendChild(listWrap);
    page.appendChild(main);

    ui.toast = el("div", "toast", "");
    ui.toast.setAttribute("role", "status");
    page.appendChild(ui.toast);
    body.appendChild(page);

    ui.list.addEventListener("scroll", () => scheduleRender(), { passive: true });
    window.addEventListener("resize", () => scheduleRender());
    ui.list.addEventListener("click", onListClick);
    updateThemeButton();
  }

  // ---- theme ------------------------------------------------------------------
  function storedTheme() {
    try {
      return localStorage.getItem("tfstream-report-theme") || "";
    } catch (e) {
      return "";
    }
  }
  function setTheme(t) {
    if (t) root.setAttribute("data-theme", t);
    else root.removeAttribute("data-theme");
    try {
      if (t) localStorage.setItem("tfstream-report-theme", t);
      else localStorage.removeItem("tfstream-report-theme");
    } catch (e) {
      /* file:// storage may be unavailable: the toggle still works for this view */
    }
    updateThemeButton();
  }
  function cycleTheme() {
    const t = root.getAttribute("data-theme") || "";
    setTheme(t === "" ? "light" : t === "light" ? "dark" : "");
  }
  function updateThemeButton() {
    if (!ui.theme) return;
    const t = root.getAttribute("data-theme") || "";
    ui.theme.textContent = t === "light" ? "☀ light" : t === "dark" ? "☾ dark" : "◐ auto";
  }

  // ---- filters ----------------------------------------------------------------
  function addressMatcher() {
    const f = filter.address.trim();
    if (!f) return null;
    if (/[*?]/.test(f)) {
      const re = new RegExp(f.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, "."), "i");
      return (a) => re.test(a);
    }
    const low = f.toLowerCase();
    return (a) => a.toLowerCase().includes(low);
  }
  function inModule(m) {
    if (filter.module === null) return true;
    if (filter.module === "") return m === "";
    return m === filter.module || m.startsWith(filter.module + ".");
  }
  function anyFilter() {
    return filter.actions.size || filter.sections.size || filter.module !== null || filter.address.trim() ||
      filter.hitsOnly;
  }
  let hitSet = null;
  function applyFilters(keepFocus) {
    const n = E.kind.length;
    const match = addressMatcher();
    const facetAct = new Map();
    const facetSec = new Map();
    const filtering = anyFilter();
    const out = [];
    const later = []; // destroys-first: the rest, after
    const replaces = [];
    const passing = [];
    if (filter.hitsOnly && !hitSet) hitSet = new Set(search.ids);
    for (let i = 0; i < n; i++) {
      if (!E.kind[i]) {
        if (!filtering && !filter.destroysFirst && blankOf[i] !== 1) out.push(i);
        continue;
      }
      const okMod = inModule(E.mod[i]);
      const okAddr = !match || match(E.addr[i]);
      const okHit = !filter.hitsOnly || hitSet.has(i);
      const sec = SECTIONS[E.sec[i]];
      const act = E.act[i];
      const okSec = !filter.sections.size || filter.sections.has(sec);
      const okAct = !filter.actions.size || filter.actions.has(act);
      if (okAddr && okHit && okSec && okAct) passing.push(i);
      if (okMod && okAddr && okHit && okSec) facetAct.set(act, (facetAct.get(act) || 0) + 1);
      if (okMod && okAddr && okHit && okAct) facetSec.set(sec, (facetSec.get(sec) || 0) + 1);
      if (!(okMod && okAddr && okHit && okSec && okAct)) continue;
      if (filter.destroysFirst) {
        if (act === "delete") out.push(i);
        else if (act === "replace") replaces.push(i);
        else later.push(i);
      } else out.push(i);
    }
    const rows = filter.destroysFirst ? out.concat(replaces, later) : out;
    view.rows = Int32Array.from(rows);
    view.rowOf = null;
    view.dirty = true;
    renderFacets(facetAct, facetSec);
    countTree(passing);
    if (treeRoot) renderTree();
    const blocks = rows.reduce((s, i) => s + E.kind[i], 0);
    ui.status.textContent = filtering
      ? fmt(blocks) + " of " + fmt(totalBlocks) + " blocks match the filters (text sections hidden)."
      : filter.destroysFirst
        ? fmt(blocks) + " blocks, destroys first (text sections hidden)."
        : "";
    ui.status.hidden = !ui.status.textContent;
    ui.clear.hidden = !filtering;
    if (!keepFocus) view.focus = -1;
    ui.list.scrollTop = 0;
    for (const { el: e } of view.live.values()) e.remove();
    view.live.clear();
    scheduleRender();
  }
  function toggleAction(a, solo) {
    if (solo) {
      filter.actions = filter.actions.size === 1 && filter.actions.has(a) ? new Set() : new Set([a]);
    } else if (filter.actions.has(a)) filter.actions.delete(a);
    else filter.actions.add(a);
    applyFilters(true);
  }
  function toggleSection(s) {
    if (filter.sections.has(s)) filter.sections.delete(s);
    else filter.sections.add(s);
    applyFilters(true);
  }
  function clearFilters() {
    filter.actions = new Set();
    filter.sections = new Set();
    filter.module = null;
    filter.address = "";
    filter.hitsOnly = false;
    ui.address.value = "";
    ui.hitsOnly.checked = false;
    applyFilters(true);
  }
  let totalBlocks = 0;
  const presentActions = [];
  const presentSections = [];
  function renderFacets(facetAct, facetSec) {
    ui.actions.textContent = "";
    // A state's blocks have no action: no action filter then.
    ui.actionsHead.hidden = ui.actions.hidden = !presentActions.some((a) => a !== "");
    for (const a of presentActions) {
      const lab = el("label", "facet " + actClass(a));
      const cb = el("input");
      cb.type = "checkbox";
      cb.checked = filter.actions.has(a);
      cb.setAttribute("data-action", a);
      cb.addEventListener("change", () => toggleAction(a, false));
      lab.appendChild(cb);
      lab.appendChild(el("span", "sym", SYMBOL[a] || "?"));
      lab.appendChild(el("span", "w", a || "(none)"));
      const cnt = el("span", "n", fmt(facetAct.get(a) || 0));
      cnt.setAttribute("data-count", String(facetAct.get(a) || 0));
      lab.appendChild(cnt);
      ui.actions.appendChild(lab);
    }
    ui.sections.textContent = "";
    for (const s of presentSections) {
      const lab = el("label", "facet");
      const cb = el("input");
      cb.type = "checkbox";
      cb.checked = filter.sections.has(s);
      cb.setAttribute("data-section-filter", s);
      cb.addEventListener("change", () => toggleSection(s));
      lab.appendChild(cb);
      lab.appendChild(el("span", "w", SECTION_LABEL[s] || s));
      const cnt = el("span", "n", fmt(facetSec.get(s) || 0));
      cnt.setAttribute("data-count", String(facetSec.get(s) || 0));
      lab.appendChild(cnt);
      ui.sections.appendChild(lab);
    }
  }

  // ---- module tree ------------------------------------------------------------
  const TREE_PAGE = 200;
  let treeRoot = null;
  const treeOf = new Map(); // module address -> its node
  const treeNodes = [];
  function buildTree() {
    treeRoot = { name: "", full: null, count: 0, own: 0, kids: new Map(), open: true };
    treeNodes.push(treeRoot);
    const memo = treeOf;
    for (let i = 0; i < E.kind.length; i++) {
      if (!E.kind[i]) continue;
      treeRoot.count++;
      const m = E.mod[i];
      let node = memo.get(m);
      if (!node) {
        node = treeRoot;
        const path = [];
        if (m) {
          for (const step of moduleSteps(m)) {
            path.push(step);
            let k = node.kids.get(step);
            if (!k) {
              k = { name: step, full: path.join("."), count: 0, own: 0, kids: new Map(), open: false };
              node.kids.set(step, k);
              treeNodes.push(k);
            }
            node = k;
          }
        }
        memo.set(m, node);
      }
      node.own++;
    }
    const sum = (n) => {
      let c = n.own;
      for (const k of n.kids.values()) c += sum(k);
      n.count = c;
      return c;
    };
    sum(treeRoot);
  }
  // Counts of the blocks that pass every filter but the module's, per module and those under it.
  function countTree(passing) {
    if (!treeRoot) return;
    for (const n of treeNodes) n.own = 0;
    for (const id of passing) treeOf.get(E.mod[id]).own++;
    const sum = (n) => {
      let c = n.own;
      for (const k of n.kids.values()) c += sum(k);
      n.count = c;
      return c;
    };
    sum(treeRoot);
  }
  function renderTree() {
    ui.modules.textContent = "";
    const ul = el("ul", "tree-root");
    const all = el("li", "tree-line");
    all.appendChild(el("span", "twisty-space"));
    all.appendChild(treeButton("All modules", treeRoot.count, null));
    ul.appendChild(all);
    if (treeOf.has("")) {
      const li = el("li");
      li.className = "tree-line";
      li.appendChild(el("span", "twisty-space"));
      li.appendChild(treeButton("(root module)", treeRoot.own, ""));
      ul.appendChild(li);
    }
    renderKids(treeRoot, ul);
    ui.modules.appendChild(ul);
    renderTreeSelection();
  }
  function renderKids(node, ul) {
    const kids = Array.from(node.kids.values());
    const shown = node.shown || TREE_PAGE;
    for (const k of kids.slice(0, shown)) {
      const li = el("li");
      const line = el("span", "tree-line");
      if (k.kids.size) {
        const tw = button("twisty", k.open ? "▾" : "▸", k.open ? "Collapse" : "Expand", () => {
          k.open = !k.open;
          renderTree();
        });
        tw.setAttribute("aria-expanded", String(k.open));
        line.appendChild(tw);
      } else line.appendChild(el("span", "twisty-space"));
      line.appendChild(treeButton(k.name, k.count, k.full));
      li.appendChild(line);
      if (k.open && k.kids.size) {
        const sub = el("ul");
        renderKids(k, sub);
        li.appendChild(sub);
      }
      ul.appendChild(li);
    }
    if (kids.length > shown) {
      const li = el("li");
      li.appendChild(button("link", "… " + fmt(kids.length - shown) + " more", "Show more modules", () => {
        node.shown = shown + TREE_PAGE;
        renderTree();
      }));
      ul.appendChild(li);
    }
  }
  function treeButton(label, count, full) {
    const b = button("tree-node", "", full === null ? "Every module" : full === "" ? "The root module" : full, () => {
      filter.module = filter.module === full ? null : full;
      applyFilters(true);
    });
    b.appendChild(el("span", "tree-name", label));
    const n = el("span", "n", fmt(count));
    n.setAttribute("data-count", String(count));
    b.appendChild(n);
    if (full !== null) b.setAttribute("data-module", full);
    b._module = full;
    return b;
  }
  function renderTreeSelection() {
    if (!ui.modules) return;
    for (const b of ui.modules.querySelectorAll(".tree-node")) {
      b.classList.toggle("sel", b._module === filter.module);
    }
  }

  // ---- the virtual list ---------------------------------------------------------
  function rowHeight(id) {
    if (E.kind[id] && !openOf[id]) return view.headH;
    const m = measuredOpen[id];
    if (m) return m;
    const n = lines[id] !== undefined ? lines[id] : Math.max(1, Math.ceil(E.len[id] / (COLOR ? 90 : 45)));
    return (E.kind[id] ? view.headH : 0) + n * view.lineH + view.pad;
  }
  function layout() {
    const rows = view.rows;
    const pos = new Float64Array(rows.length + 1);
    let y = 0;
    for (let i = 0; i < rows.length; i++) {
      pos[i] = y;
      y += rowHeight(rows[i]);
    }
    pos[rows.length] = y;
    view.pos = pos;
    view.dirty = false;
    ui.spacer.style.height = Math.ceil(y) + "px";
  }
  function rowIndexOf(id) {
    if (!view.rowOf) {
      view.rowOf = new Map();
      for (let i = 0; i < view.rows.length; i++) view.rowOf.set(view.rows[i], i);
    }
    const r = view.rowOf.get(id);
    return r === undefined ? -1 : r;
  }
  function firstRowAt(y) {
    const pos = view.pos;
    let lo = 0, hi = view.rows.length - 1;
    if (hi < 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pos[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  let renderQueued = false;
  function scheduleRender() {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => {
      renderQueued = false;
      render();
    });
  }
  const waiting = new Set(); // chunks being read for the view
  function render() {
    if (view.textChanged) {
      view.textChanged = false;
      if (!anyFilter() && !filter.destroysFirst) {
        // Text entries found blank or not: rebuild the rows, keeping the first visible one in place.
        const anchor = view.rows.length ? view.rows[firstRowAt(ui.list.scrollTop)] : -1;
        const within = anchor >= 0 ? ui.list.scrollTop - view.pos[firstRowAt(ui.list.scrollTop)] : 0;
        const top = ui.list.scrollTop;
        applyFiltersQuiet();
        layout();
        const r = anchor >= 0 ? rowIndexOf(anchor) : -1;
        ui.list.scrollTop = r >= 0 ? view.pos[r] + within : top;
      }
    }
    for (let pass = 0; pass < 4; pass++) {
      if (view.dirty) layout();
      const rows = view.rows;
      const top = ui.list.scrollTop;
      const vh = ui.list.clientHeight || 800;
      let a = 0, b = rows.length;
      if (!view.small) {
        a = Math.max(0, firstRowAt(top - vh) );
        b = a;
        const limit = top + 2 * vh;
        while (b < rows.length && view.pos[b] < limit) b++;
      }
      const keep = new Set();
      const need = [];
      for (let i = a; i < b; i++) {
        const id = rows[i];
        keep.add(id);
        const sig = rowSig(id);
        let rec = view.live.get(id);
        if (!rec || rec.sig !== sig || (rec.waiting && cache.has(E.chunk[id]))) {
          const fresh = makeRow(id, need);
          if (rec) rec.el.replaceWith(fresh);
          else ui.list.appendChild(fresh);
          rec = { el: fresh, sig, top: -1, waiting: !!fresh._waiting };
          view.live.set(id, rec);
        }
        if (rec.top !== view.pos[i]) {
          rec.el.style.top = view.pos[i] + "px";
          rec.top = view.pos[i];
        }
        rec.el.classList.toggle("focus", id === view.focus);
      }
      for (const [id, rec] of view.live) {
        if (!keep.has(id)) {
          rec.el.remove();
          view.live.delete(id);
        }
      }
      for (const c of need) {
        if (waiting.has(c)) continue;
        waiting.add(c);
        loadChunk(c).then(() => {
          waiting.delete(c);
          scheduleRender();
        }, (e) => {
          waiting.delete(c);
          toast("Could not read part " + c + " of the report: " + e);
        });
      }
      // Measure what was drawn; correct the estimates, keeping the view still.
      let changed = false;
      let shift = 0;
      for (let i = a; i < b; i++) {
        const id = rows[i];
        const rec = view.live.get(id);
        const h = rec.el.offsetHeight;
        const want = rowHeight(id);
        if (Math.abs(h - want) > 0.5 && (openOf[id] || !E.kind[id]) && rec.el.getAttribute("data-ready") === "1") {
          measuredOpen[id] = h;
          changed = true;
          if (view.pos[i] + want <= top) shift += h - want;
        } else if (E.kind[id] && !openOf[id] && Math.abs(h - view.headH) > 0.5 && h > 0) {
          view.headH = h;
          changed = true;
        }
      }
      if (!changed) break;
      view.dirty = true;
      layout();
      if (shift) ui.list.scrollTop = top + shift;
    }
    if (pendingScroll) finishScroll();
  }
  function applyFiltersQuiet() {
    // applyFilters without resetting the scroll position or the live rows.
    const keepTop = ui.list.scrollTop;
    const live = new Map(view.live);
    view.live = new Map();
    applyFilters(true);
    view.live = live;
    ui.list.scrollTop = keepTop;
  }
  // What a row's element shows; it is made again when this changes (or its text arrives).
  function rowSig(id) {
    if (E.kind[id] && !openOf[id]) return "c";
    return (openOf[id] ? "o" : "t") + "|" + (search.query ? search.gen : "");
  }
  function makeRow(id, need) {
    const row = el("div", "row");
    row._id = id;
    if (E.kind[id]) {
      const act = E.act[id];
      const sec = SECTIONS[E.sec[id]];
      row.classList.add("blk", actClass(act));
      row.classList.add("sec-" + sec); // sec is one of SECTIONS
      if (sec === "drift") row.classList.add("drift");
      const open = !!openOf[id];
      if (open) row.classList.add("open");
      const h = el("div", "bh");
      const tg = button("tg", open ? "▾" : "▸", open ? "Collapse (Enter)" : "Expand (Enter)");
      tg.setAttribute("aria-expanded", String(open));
      tg.setAttribute("data-toggle", "1");
      h.appendChild(tg);
      h.appendChild(el("span", "sym", act ? SYMBOL[act] || "?" : ""));
      const addr = el("span", "addr", E.addr[id]);
      addr.setAttribute("data-toggle", "1");
      addr.title = E.addr[id];
      h.appendChild(addr);
      if (sec !== "changes" && sec !== "state") h.appendChild(el("span", "tag", SECTION_LABEL[sec] || sec));
      if (E.mod[id]) {
        const m = el("span", "mod", E.mod[id]);
        m.title = "Module " + E.mod[id];
        h.appendChild(m);
      }
      const cp = button("ghost cp", "Copy", "Copy the address (y)");
      cp.setAttribute("data-copy", "1");
      h.appendChild(cp);
      const link = el("a", "pl", "#");
      link.href = "#" + encodeURIComponent(E.addr[id]);
      link.title = "Permalink to this block";
      h.appendChild(link);
      row.appendChild(h);
      if (open) {
        const raw = rawText(id);
        if (raw === null) {
          row.appendChild(el("div", "loading", "reading…"));
          row._waiting = true;
          need.push(E.chunk[id]);
        } else {
          const pre = el("pre", "bt");
          pre.setAttribute("data-address", E.addr[id]);
          pre.setAttribute("data-section", sec);
          fillText(pre, raw, search.query);
          row.appendChild(pre);
          row.setAttribute("data-ready", "1");
        }
      }
    } else {
      row.classList.add("txt");
      const raw = rawText(id);
      if (raw === null) {
        row.appendChild(el("div", "loading", "reading…"));
        row._waiting = true;
        need.push(E.chunk[id]);
      } else {
        const pre = el("pre", "tt");
        fillText(pre, raw, search.query, true);
        row.appendChild(pre);
        row.setAttribute("data-ready", "1");
      }
    }
    return row;
  }

  function onListClick(ev) {
    const t = ev.target;
    const row = t.closest ? t.closest(".row") : null;
    if (!row) return;
    const id = row._id;
    if (t.closest("[data-copy]")) {
      copyAddress(id);
      return;
    }
    if (t.closest("a.pl")) return; // the browser follows the link; hashchange opens it
    if (t.closest("[data-toggle]") || (t.closest(".bh") && !t.closest("button,a"))) {
      view.focus = id;
      toggleOpen(id);
    }
  }
  function toggleOpen(id, want) {
    if (!E.kind[id]) return;
    const open = want === undefined ? !openOf[id] : want;
    if (!!openOf[id] === open) return;
    openOf[id] = open ? 1 : 0;
    view.dirty = true;
    scheduleRender();
  }
  const EXPAND_LIMIT = 5000;
  function expandAll(open) {
    if (!open) {
      openOf.fill(0);
    } else {
      let n = 0;
      const start = firstRowAt(ui.list.scrollTop);
      for (let i = start; i < view.rows.length && n < EXPAND_LIMIT; i++) {
        const id = view.rows[i];
        if (E.kind[id]) {
          openOf[id] = 1;
          n++;
        }
      }
      if (n >= EXPAND_LIMIT) toast("Opened " + fmt(EXPAND_LIMIT) + " blocks from here on (the limit at once).");
    }
    view.dirty = true;
    scheduleRender();
  }

  // ---- scrolling to a row ---------------------------------------------------------
  let pendingScroll = null; // {id, hit, resolve}
  function scrollToEntry(id, hit) {
    const r = rowIndexOf(id);
    if (r < 0) return Promise.resolve(false);
    view.focus = id;
    if (view.dirty) layout();
    ui.list.scrollTop = Math.max(0, view.pos[r] - 8);
    return new Promise((resolve) => {
      pendingScroll = { id, hit, resolve, tries: 0 };
      scheduleRender();
    });
  }
  function finishScroll() {
    const p = pendingScroll;
    const rec = view.live.get(p.id);
    const r = rowIndexOf(p.id);
    const ready = rec && (rec.el.getAttribute("data-ready") === "1" || (E.kind[p.id] && !openOf[p.id]));
    if (!ready || r < 0) {
      if (++p.tries > 200 || r < 0) {
        pendingScroll = null;
        p.resolve(false);
      }
      return; // a chunk is being read: the next render comes back here
    }
    let y = view.pos[r] - 8;
    if (p.hit !== undefined && p.hit !== null) {
      for (const m of ui.list.querySelectorAll("mark.cur")) m.classList.remove("cur");
      const mk = rec.el.querySelector('mark[data-hit="' + p.hit + '"]');
      if (mk) {
        mk.classList.add("cur");
        let off = 0;
        for (let n = mk; n && n !== rec.el; n = n.offsetParent) off += n.offsetTop;
        y = view.pos[r] + off - ui.list.clientHeight / 3;
      }
    }
    y = Math.max(0, y);
    if (Math.abs(ui.list.scrollTop - y) > 1 && p.tries < 6) {
      p.tries++;
      ui.list.scrollTop = y;
      scheduleRender();
      return;
    }
    pendingScroll = null;
    p.resolve(true);
  }

  // ---- permalinks -----------------------------------------------------------------
  function idOfAddress(a) {
    const ids = addrIds.get(a);
    if (!ids) return -1;
    for (const id of ids) if (SECTIONS[E.sec[id]] !== "drift") return id;
    return ids[0];
  }
  async function openHash() {
    const h = location.hash;
    if (!h || h.length < 2) return false;
    let a;
    try {
      a = decodeURIComponent(h.slice(1));
    } catch (e) {
      toast("The link's address is not valid percent-encoding.");
      return false;
    }
    const id = idOfAddress(a);
    if (id < 0) {
      toast("No block in this report has the address " + a);
      return false;
    }
    if (rowIndexOf(id) < 0) clearFiltersQuietly();
    openOf[id] = 1;
    view.dirty = true;
    return scrollToEntry(id);
  }
  function clearFiltersQuietly() {
    clearFilters();
    ui.order.value = "doc";
    filter.destroysFirst = false;
    applyFilters(true);
  }

  // ---- search -----------------------------------------------------------------------
  let searchTimer = 0;
  function startSearch(value) {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => runSearch(value), 150);
  }
  async function runSearch(value) {
    const q = value.toLowerCase();
    const gen = ++search.gen;
    Object.assign(search, { query: q, done: !q, scanned: 0, ids: [], counts: [], total: 0, cur: -1, cum: [] });
    hitSet = null;
    ui.hits.setAttribute("data-search", q ? "running" : "idle");
    showHits();
    for (const rec of view.live.values()) rec.sig = "";
    if (filter.hitsOnly) applyFilters(true);
    scheduleRender();
    if (!q) return;
    for (let c = 0; c < chunkEls.length; c++) {
      let bytes = cachedChunk(c);
      if (!bytes) {
        bytes = await inflate(base85Bytes(chunkEls[c].textContent));
        noteChunk(c, bytes);
      }
      if (gen !== search.gen) return;
      if (COLOR || !searchChunkWhole(c, bytes, q)) searchChunkByEntry(c, bytes, q);
      search.scanned = c + 1;
      if (c % 4 === 3) {
        showHits();
        await new Promise((r) => setTimeout(r, 0));
        if (gen !== search.gen) return;
      }
    }
    search.done = true;
    hitSet = null;
    ui.hits.setAttribute("data-search", "done");
    ui.hits.setAttribute("data-hits", String(search.total));
    showHits();
    if (filter.hitsOnly) applyFilters(true);
  }
  function addHits(i, k) {
    search.ids.push(i);
    search.counts.push(k);
    search.cum.push(search.total);
    search.total += k;
  }
  // Each entry on its own: its text, escapes taken out, lower-cased, matches counted.
  function searchChunkByEntry(c, bytes, q) {
    for (let i = firstOfChunk[c]; i < firstOfChunk[c + 1]; i++) {
      const low = plainOf(utf8.decode(bytes.subarray(E.off[i], E.off[i] + E.len[i]))).toLowerCase();
      let k = 0;
      for (let p = low.indexOf(q); p >= 0; p = low.indexOf(q, p + q.length)) k++;
      if (k) addHits(i, k);
    }
  }
  // The same counts with one decode and one search over the whole chunk (text without
  // escapes): the entries' starts found in UTF-16 units from their byte offsets. False when
  // lower-casing changed the text's length (then offsets would not hold).
  function searchChunkWhole(c, bytes, q) {
    const first = firstOfChunk[c], last = firstOfChunk[c + 1];
    if (first >= last) return true;
    const text = utf8.decode(bytes);
    const low = text.toLowerCase();
    if (low.length !== text.length) return false;
    const starts = new Array(last - first + 1);
    let unit = 0, at = 0;
    for (let i = first; i <= last; i++) {
      const to = i < last ? E.off[i] : bytes.length;
      for (; at < to; at++) {
        const b = bytes[at];
        if ((b & 0xc0) !== 0x80) unit += b >= 0xf0 ? 2 : 1;
      }
      starts[i - first] = unit;
    }
    if (unit !== text.length) return false; // not plain UTF-8 after all: count entry by entry
    let e = 0, k = 0;
    let p = low.indexOf(q);
    while (p >= 0) {
      while (e < last - first && p >= starts[e + 1]) {
        if (k) addHits(first + e, k);
        k = 0;
        e++;
      }
      if (p + q.length <= starts[e + 1]) {
        k++;
        p = low.indexOf(q, p + q.length);
      } else {
        p = low.indexOf(q, starts[e + 1]); // a match across two entries counts in neither
      }
    }
    if (k) addHits(first + e, k);
    return true;
  }
  function showHits() {
    if (!search.query) {
      ui.hits.textContent = "";
      return;
    }
    const pct = chunkEls.length ? Math.floor((100 * search.scanned) / chunkEls.length) : 100;
    const where = search.cur >= 0 ? fmt(search.cur + 1) + " / " : "";
    ui.hits.textContent = where + fmt(search.total) + (search.total === 1 ? " match" : " matches") +
      (search.done ? "" : " (" + pct + "% read)");
  }
  async function stepHit(dir) {
    if (!search.query || !search.total) return;
    const n = search.total;
    search.cur = search.cur < 0 ? (dir > 0 ? 0 : n - 1) : (search.cur + dir + n) % n;
    // The entry holding hit number search.cur, and which of its hits it is.
    let lo = 0, hi = search.ids.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (search.cum[mid] <= search.cur) lo = mid;
      else hi = mid - 1;
    }
    const id = search.ids[lo];
    const k = search.cur - search.cum[lo];
    showHits();
    if (rowIndexOf(id) < 0) {
      if (!E.kind[id] && (anyFilter() || filter.destroysFirst)) clearFiltersQuietly();
      else if (E.kind[id]) clearFiltersQuietly();
    }
    if (E.kind[id]) openOf[id] = 1;
    view.dirty = true;
    await scrollToEntry(id, k);
  }

  // ---- copy, toast, help --------------------------------------------------------------
  let toastTimer = 0;
  function toast(text) {
    ui.toast.textContent = text;
    ui.toast.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => ui.toast.classList.remove("show"), 2500);
  }
  function copyAddress(id) {
    const a = E.addr[id];
    const fallback = () => {
      const ta = el("textarea", "offscreen");
      ta.value = a;
      doc.body.appendChild(ta);
      ta.select();
      let ok = false;
      try {
        ok = doc.execCommand("copy");
      } catch (e) {
        ok = false;
      }
      ta.remove();
      toast(ok ? "Copied " + a : "Could not copy; the address is " + a);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(a).then(() => toast("Copied " + a), fallback);
    } else fallback();
  }
  let helpBox = null;
  const KEYS = [
    ["/", "search the text"], ["Enter, n", "next match"], ["Shift+Enter, N", "previous match"],
    ["j, ↓", "next block"], ["k, ↑", "previous block"], ["o, Enter, Space", "open or close the block"],
    ["g, G", "first, last row"], ["e", "expand all listed blocks"], ["c", "collapse all"],
    ["d", "destroys first / text order"], ["y", "copy the block's address"], ["p", "permalink to the block"],
    ["x", "clear filters"], ["t", "theme: auto, light, dark"], ["?", "this help"], ["Esc", "close, leave the search"],
  ];
  function toggleHelp(force) {
    if (!helpBox) {
      helpBox = el("div", "help");
      helpBox.setAttribute("role", "dialog");
      helpBox.setAttribute("aria-label", "Keyboard shortcuts");
      helpBox.appendChild(el("h2", "", "Keyboard"));
      const dl = el("dl");
      for (const [k, v] of KEYS) {
        dl.appendChild(el("dt", "", k));
        dl.appendChild(el("dd", "", v));
      }
      helpBox.appendChild(dl);
      helpBox.appendChild(button("ghost", "Close", "Close (Esc)", () => toggleHelp(false)));
      helpBox.hidden = true;
      doc.body.appendChild(helpBox);
    }
    helpBox.hidden = force === undefined ? !helpBox.hidden : !force;
  }

  // ---- keyboard -----------------------------------------------------------------------
  function moveFocus(delta) {
    const rows = view.rows;
    if (!rows.length) return;
    let r = view.focus >= 0 ? rowIndexOf(view.focus) : -1;
    if (r < 0) r = delta > 0 ? firstRowAt(ui.list.scrollTop) - 1 : firstRowAt(ui.list.scrollTop) + 1;
    for (let i = r + delta; i >= 0 && i < rows.length; i += delta) {
      if (E.kind[rows[i]]) {
        view.focus = rows[i];
        const top = view.pos[i], bottom = view.pos[i + 1];
        const st = ui.list.scrollTop, vh = ui.list.clientHeight;
        if (top < st) ui.list.scrollTop = top;
        else if (top + view.headH > st + vh) ui.list.scrollTop = Math.min(top, bottom - vh);
        scheduleRender();
        return;
      }
    }
  }
  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    const typing = t && ((t.tagName === "INPUT" && t.type !== "checkbox") || t.tagName === "TEXTAREA" ||
      t.tagName === "SELECT");
    if (typing) return;
    const f = view.focus;
    let handled = true;
    switch (ev.key) {
      case "/": ui.search.focus(); ui.search.select(); break;
      case "n": stepHit(1); break;
      case "N": stepHit(-1); break;
      case "j": case "ArrowDown": moveFocus(1); break;
      case "k": case "ArrowUp": moveFocus(-1); break;
      case "o": case "Enter": case " ":
        if (t && /^(BUTTON|A|INPUT)$/.test(t.tagName) && ev.key !== "o") { handled = false; break; }
        if (f >= 0) toggleOpen(f);
        else handled = false;
        break;
      case "g": ui.list.scrollTop = 0; view.focus = -1; moveFocus(1); break;
      case "G": ui.list.scrollTop = view.pos[view.rows.length]; view.focus = -1; moveFocus(-1); break;
      case "e": expandAll(true); break;
      case "c": expandAll(false); break;
      case "d":
        ui.order.value = ui.order.value === "doc" ? "destroys" : "doc";
        filter.destroysFirst = ui.order.value === "destroys";
        applyFilters(true);
        break;
      case "y": if (f >= 0) copyAddress(f); break;
      case "p": if (f >= 0) location.hash = "#" + encodeURIComponent(E.addr[f]); break;
      case "x": clearFilters(); break;
      case "t": cycleTheme(); break;
      case "?": toggleHelp(); break;
      case "Escape": toggleHelp(false); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  }

  // ---- start --------------------------------------------------------------------------
  async function start() {
    const stored = storedTheme();
    if (stored === "light" || stored === "dark") root.setAttribute("data-theme", stored);
    await readIndexes();
    const n = E.kind.length;
    firstOfChunk = new Array(chunkEls.length + 1).fill(n);
    for (let i = n - 1; i >= 0; i--) firstOfChunk[E.chunk[i]] = i;
    for (let c = chunkEls.length - 1; c >= 0; c--) {
      if (firstOfChunk[c] > firstOfChunk[c + 1]) firstOfChunk[c] = firstOfChunk[c + 1];
    }
    for (let i = 0; i < n; i++) {
      if (!E.kind[i]) continue;
      totalBlocks++;
      if (!presentActions.includes(E.act[i])) presentActions.push(E.act[i]);
      const s = SECTIONS[E.sec[i]];
      if (!presentSections.includes(s)) presentSections.push(s);
    }
    presentActions.sort((a, b) => {
      const x = ACTIONS.indexOf(a), y = ACTIONS.indexOf(b);
      return (x < 0 ? 99 : x) - (y < 0 ? 99 : y);
    });
    presentSections.sort((a, b) => SECTIONS.indexOf(a) - SECTIONS.indexOf(b));
    buildPage();
    // A small report reads like the text: every block open, all rows drawn.
    let textBytes = 0;
    for (let i = 0; i < n; i++) textBytes += E.len[i];
    const smallPlan = totalBlocks <= 300 && textBytes <= 1 << 20;
    if (smallPlan) {
      openOf.fill(1);
      const all = await Promise.all(chunkEls.map((_, c) => loadChunk(c)));
      // Every row in the DOM (the browser's own find works) when that stays well
      // under the element budget: colour spans are about half the escapes.
      let escapes = 0;
      for (const bytes of all) for (let k = 0; k < bytes.length; k++) if (bytes[k] === 27) escapes++;
      view.small = escapes / 2 + n * 10 < 6000;
    } else {
      // Read what the first screen shows before saying ready.
      await Promise.all([0, chunkEls.length - 1].filter((c) => c >= 0).map((c) => loadChunk(c)));
    }
    buildTree();
    applyFilters(false);
    doc.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", () => openHash());
    render();
    if (location.hash.length > 1) await openHash();
    else await settle();
    root.setAttribute("data-ready-ms", String(Math.round(performance.now())));
    root.setAttribute("data-state", "ready");
  }
  // Resolves once the rows on screen have their text.
  function settle() {
    return new Promise((resolve) => {
      let tries = 0;
      const check = () => {
        render();
        if (!waiting.size || ++tries > 100) resolve();
        else setTimeout(check, 10);
      };
      check();
    });
  }

  start().catch((e) => fail(String(e && e.message ? e.message : e)));
})();
