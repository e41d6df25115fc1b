(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("bench-data").textContent);
  var runs = {};
  DATA.runs.forEach(function (r) { runs[r.key] = r; });
  var runSel = document.getElementById("ib-run");
  var filterSel = document.getElementById("ib-filter");
  var search = document.getElementById("ib-search");
  var rowsEl = document.getElementById("ib-rows");
  var detail = document.getElementById("ib-detail");
  var count = document.getElementById("ib-count");
  var current = { run: DATA.runs.length ? DATA.runs[0].key : null, filter: "all", item: null };

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function fmt(v) {
    if (v === null || v === undefined) return "–";
    if (typeof v === "number") return Math.abs(v) >= 1000 || (v !== 0 && Math.abs(v) < 0.001) ? v.toExponential(2) : String(Math.round(v * 1000) / 1000);
    return String(v);
  }
  function isMiss(it) { return it.err || it.out === null || (it.h !== null && it.h < 1); }
  function truthy(v) { return v === true || (typeof v === "number" && v > 0); }
  var FILTERS = {
    all: function () { return true; },
    miss: isMiss,
    hit: function (it) { return !it.err && it.h !== null && it.h >= 1; },
    failed: function (it) { return !!it.err || it.out === null; },
    massviol: function (it) { return truthy(it.sc.mass_violation); },
    ghost: function (it) { return truthy(it.sc.ghost) || truthy(it.sc.has_ghost); }
  };
  function matches(it, f) {
    if (FILTERS[f]) return FILTERS[f](it);
    var p = f.indexOf("=");
    if (p < 0) return true;
    var k = f.slice(0, p), v = f.slice(p + 1);
    if (k === "cat") return it.cat === v;
    if (k === "vag") return String(it.vag) === v;
    if (k === "conf") return String(it.conf) === v;
    return true;
  }
  function filterLabel(f) {
    var names = { all: "all items", miss: "misses and failures", hit: "hits", failed: "failed", massviol: "mass violations", ghost: "with ghost inputs" };
    if (names[f]) return names[f];
    var p = f.indexOf("="), k = f.slice(0, p), v = f.slice(p + 1);
    if (k === "cat") return "category: " + v;
    if (k === "vag") return "vagueness " + v;
    if (k === "conf") return "confidence " + (v / 10).toFixed(1) + "–" + ((+v + 1) / 10).toFixed(1);
    return f;
  }
  function fillRuns() {
    runSel.innerHTML = "";
    DATA.runs.forEach(function (r) { runSel.appendChild(el("option", { value: r.key }, r.label + " — " + r.task)); });
  }
  function fillFilters(run) {
    var opts = ["all", "miss", "hit", "failed"];
    if (run.task === "compositional") opts.push("massviol", "ghost");
    var cats = {}, vags = {}, confs = {};
    run.items.forEach(function (it) {
      if (it.cat) cats[it.cat] = 1;
      if (it.vag !== null && it.vag !== undefined) vags[it.vag] = 1;
      if (it.conf !== null && it.conf !== undefined) confs[it.conf] = 1;
    });
    Object.keys(cats).sort().forEach(function (c) { opts.push("cat=" + c); });
    Object.keys(vags).sort().forEach(function (v) { opts.push("vag=" + v); });
    Object.keys(confs).sort(function (a, b) { return a - b; }).forEach(function (c) { opts.push("conf=" + c); });
    if (opts.indexOf(current.filter) < 0) opts.push(current.filter);
    filterSel.innerHTML = "";
    opts.forEach(function (f) { filterSel.appendChild(el("option", { value: f }, filterLabel(f))); });
    filterSel.value = current.filter;
  }
  function renderList() {
    var run = runs[current.run];
    if (!run) { count.textContent = "no runs"; return; }
    var q = (search.value || "").toLowerCase();
    var frag = document.createDocumentFragment(), n = 0;
    run.items.forEach(function (it) {
      if (!matches(it, current.filter)) return;
      if (q && (it.id + " " + (it.name || "")).toLowerCase().indexOf(q) < 0) return;
      n++;
      var tr = el("tr", { "data-id": it.id, tabindex: "0" });
      if (it.id === current.item) tr.className = "sel";
      var td = el("td");
      td.appendChild(el("div", null, it.name || it.id));
      td.appendChild(el("div", { "class": "muted small" }, it.id + (it.cat ? " · " + it.cat : "")));
      tr.appendChild(td);
      var s = el("td", { "class": "num" }, it.err ? "failed" : fmt(it.h));
      tr.appendChild(s);
      frag.appendChild(tr);
    });
    rowsEl.innerHTML = "";
    rowsEl.appendChild(frag);
    count.textContent = n + " of " + run.items.length + " items";
  }
  function section(title, value) {
    var wrap = el("div");
    wrap.appendChild(el("h3", null, title));
    wrap.appendChild(el("pre", null, typeof value === "string" ? value : JSON.stringify(value, null, 1)));
    return wrap;
  }
  function traceSection(run, it) {
    var t = it.tr, wrap = el("div", { id: "ib-trace" });
    wrap.appendChild(el("h3", null, "Trace"));
    wrap.appendChild(el("p", null, fmt(t.total) + " kg CO2e per " + t.unit +
      (t.interval ? " (95% interval " + fmt(t.interval[0]) + " – " + fmt(t.interval[1]) + ")" : "") +
      (t.mass_balance !== null ? " · mass balance S = " + fmt(t.mass_balance) : "")));
    var table = el("table", { "class": "small" }), head = el("tr");
    ["input", "factor", "kg CO2e", "share"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(head);
    t.top.forEach(function (r) {
      var tr = el("tr");
      tr.appendChild(el("td", null, r[0]));
      tr.appendChild(el("td", null, r[1] || "no factor"));
      tr.appendChild(el("td", { "class": "num" }, fmt(r[2])));
      tr.appendChild(el("td", { "class": "num" }, r[3] === null ? "–" : (r[3] * 100).toFixed(1) + "%"));
      table.appendChild(tr);
    });
    wrap.appendChild(table);
    t.checks.forEach(function (c) {
      var p = el("p", { "class": "small" });
      p.appendChild(el("span", { "class": "badge " + c[1] }, c[1] === "fail" ? "✗ failed" : "! warning"));
      p.appendChild(document.createTextNode(" " + c[0].replace(/_/g, " ") + ": " + c[2]));
      wrap.appendChild(p);
    });
    if (location.protocol.indexOf("http") === 0) {
      wrap.appendChild(el("a", { "class": "btn", href: "trace/" + encodeURIComponent(run.key) + "/" + encodeURIComponent(it.id) },
        "open the full PCF report of this item"));
    }
    return wrap;
  }
  function showItem(id) {
    var run = runs[current.run];
    var it = null;
    for (var i = 0; run && i < run.items.length; i++) if (run.items[i].id === id) { it = run.items[i]; break; }
    detail.innerHTML = "";
    if (!it) { detail.appendChild(el("p", { "class": "muted" }, "Item " + id + " is not in this run.")); return; }
    current.item = id;
    var row = (DATA.rows[run.task] || {})[id] || {};
    var h = el("div", { id: "ib-item", "data-id": id });
    h.appendChild(el("h3", null, (it.name || id)));
    h.appendChild(el("p", { "class": "muted small" }, run.label + " · " + run.task + " · id " + id + (it.cat ? " · " + it.cat : "") +
      (it.vag !== null && it.vag !== undefined ? " · vagueness " + it.vag : "")));
    var verdict = it.err ? "failed: " + it.err : (it.h === null ? "not scored" : run.headline + " " + fmt(it.h));
    var b = el("p");
    b.appendChild(el("span", { "class": "badge " + (it.err || (it.h !== null && it.h < 1) ? "fail" : (it.h === null ? "info" : "ok")) },
      it.err ? "✗ failed" : (it.h === null ? "i unscored" : (it.h >= 1 ? "✓ hit" : "✗ miss"))));
    b.appendChild(document.createTextNode(" " + verdict + (it.cost !== null && it.cost !== undefined ? " · $" + it.cost.toPrecision(3) : "")));
    h.appendChild(b);
    detail.appendChild(h);
    detail.appendChild(section("Input", row.input || "(no data folder given: input not available)"));
    detail.appendChild(section("Output", it.out === null ? "(no output)" : it.out));
    detail.appendChild(section("Truth", row.truth || "(not available)"));
    detail.appendChild(section("Scores", it.sc));
    if (it.det) detail.appendChild(section("Scoring details", it.det));
    if (it.tr) detail.appendChild(traceSection(run, it));
    if (it.notes) detail.appendChild(section("System trace (rationale, evidence)", it.notes));
    var sel = rowsEl.querySelectorAll("tr");
    for (var j = 0; j < sel.length; j++) sel[j].className = sel[j].getAttribute("data-id") === id ? "sel" : "";
  }
  function route() {
    var h = decodeURIComponent(location.hash || "");
    var m = h.match(/^#items\/([^\/]+)\/(.*)$/), n = h.match(/^#item\/([^\/]+)\/(.+)$/);
    if (!m && !n) return;
    var key = (m || n)[1];
    if (!runs[key]) return;
    current.run = key;
    if (m) { current.filter = m[2] || "all"; current.item = null; }
    if (n) {  // an item opened by link: keep the filter only if the item is in it
      var hit = runs[key].items.filter(function (it) { return it.id === n[2]; })[0];
      if (!hit || !matches(hit, current.filter)) current.filter = "all";
    }
    runSel.value = key;
    fillFilters(runs[key]);
    renderList();
    if (n) showItem(n[2]);
    else { detail.innerHTML = ""; detail.appendChild(el("p", { "class": "muted" }, filterLabel(current.filter) + ": choose an item on the left.")); }
    document.getElementById("browser").scrollIntoView();
  }
  runSel.addEventListener("change", function () { location.hash = "#items/" + runSel.value + "/all"; });
  filterSel.addEventListener("change", function () { location.hash = "#items/" + current.run + "/" + filterSel.value; });
  search.addEventListener("input", renderList);
  rowsEl.addEventListener("click", function (ev) {
    var tr = ev.target.closest("tr");
    if (tr) location.hash = "#item/" + current.run + "/" + tr.getAttribute("data-id");
  });
  rowsEl.addEventListener("keydown", function (ev) {
    var tr = ev.target.closest("tr");
    if (tr && ev.key === "Enter") location.hash = "#item/" + current.run + "/" + tr.getAttribute("data-id");
  });
  window.addEventListener("hashchange", route);
  fillRuns();
  if (current.run) { fillFilters(runs[current.run]); renderList(); }
  route();
  document.documentElement.setAttribute("data-ready", "1");
})();
