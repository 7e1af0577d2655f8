// cardgen studio: the live parts of a product page. No build step, no library: the form's values
// become a query string (named as the command line's options); the preview, the sheet, the
// checks and the simulation are fetched with it, 150 ms after the last change, and a request
// made stale by a newer change is aborted.
"use strict";
(function () {
  const form = document.getElementById("setup");
  if (!form) return;
  const token = document.querySelector('meta[name="studio-token"]').content;
  const product = form.dataset.product;
  const $ = (id) => document.getElementById(id);
  const pending = {};
  let timer = null, simTimer = null;

  // Only the values that differ from their defaults: a short URL, the same command line.
  function query() {
    const q = new URLSearchParams();
    for (const el of form.elements) {
      if (!el.name || el.name === "product" || el.disabled) continue;
      const value = el.type === "checkbox" ? (el.checked ? "on" : "off") : el.value;
      if (value !== el.dataset.default && !(el.type !== "checkbox" && value === "")) q.set(el.name, value);
    }
    return q;
  }
  function withProduct(q) { const r = new URLSearchParams(q); r.set("product", product); return r; }

  // A fetch that cancels the previous one of its kind.
  async function fresh(kind, url, options) {
    if (pending[kind]) pending[kind].abort();
    const ctl = new AbortController();
    pending[kind] = ctl;
    const response = await fetch(url, { ...(options || {}), signal: ctl.signal });
    if (pending[kind] === ctl) delete pending[kind];
    return response;
  }

  function showErrors(errors) {
    for (const el of form.querySelectorAll(".error")) el.textContent = "";
    for (const el of form.querySelectorAll(".field.bad")) el.classList.remove("bad");
    for (const [name, message] of Object.entries(errors || {})) {
      const where = $("error-" + name) || $("error-");
      where.textContent = message;
      const field = where.closest(".field");
      if (field) field.classList.add("bad");
    }
  }

  const urls = {};
  function showImage(img, kind, blob) {
    if (urls[kind]) URL.revokeObjectURL(urls[kind]);
    urls[kind] = URL.createObjectURL(blob);
    img.src = urls[kind];
    img.classList.remove("stale");
  }

  async function update() {
    const q = query();
    history.replaceState(null, "", location.pathname + (q.toString() ? "?" + q : ""));
    const p = withProduct(q);
    $("toml").href = "/api/cardgen.toml?" + p;
    let ok = true;
    try {
      const r = await fresh("check", "/api/check?" + p);
      const found = await r.json();
      showErrors(found.errors);
      $("command").textContent = found.command || "";
      ok = r.ok && Object.keys(found.errors || {}).length === 0;
    } catch (e) { if (e.name === "AbortError") return; }
    $("build").disabled = !ok;
    if (!ok) { $("component").classList.add("stale"); $("sheet").classList.add("stale"); return; }
    loadImage("component", "/api/preview?" + p, (r) => { $("component-name").textContent = r.headers.get("X-Cardgen-File") ? "(" + r.headers.get("X-Cardgen-File") + ")" : ""; });
    loadImage("sheet", "/api/sheet?" + p, (r) => { const n = r.headers.get("X-Cardgen-Pages"); $("pages").textContent = n ? "(of " + n + ")" : ""; });
    if ($("sim")) { clearTimeout(simTimer); simTimer = setTimeout(() => simulate(p), 400); }
  }

  async function loadImage(id, url, after) {
    const img = $(id);
    img.classList.add("stale");
    try {
      const r = await fresh(id, url);
      if (r.ok) { showImage(img, id, await r.blob()); after(r); }
      else {
        const found = await r.json();
        img.closest("figure").hidden = r.status === 404;  // a product without components: its sheet alone
        img.closest(".previews").classList.toggle("sheet-only", id === "component" && r.status === 404);
        if (r.status !== 404) showErrors(found.errors || { "": found.error });
      }
    } catch (e) { if (e.name !== "AbortError") throw e; }
  }

  async function simulate(p) {
    const dl = $("sim");
    dl.classList.add("stale");
    try {
      const r = await fresh("sim", "/api/simulate?" + p);
      const found = await r.json();
      dl.replaceChildren();
      const rows = r.ok ? [["played", found.games.toLocaleString() + " games in " + found.seconds + " s"], ...found.figures.map((f) => [f.name, f.text])] : [["not played", found.error]];
      for (const [name, text] of rows) {
        const dt = document.createElement("dt"); dt.textContent = name;
        const dd = document.createElement("dd"); dd.textContent = text;
        dl.append(dt, dd);
      }
      dl.classList.remove("stale");
      const charts = $("charts");
      charts.replaceChildren();
      for (const c of (r.ok ? found.charts : [])) {  // SVG from cardgen's own writer, on this studio's origin
        const fig = document.createElement("figure");
        fig.innerHTML = c.svg;
        const cap = document.createElement("figcaption"); cap.textContent = c.caption;
        fig.append(cap);
        charts.append(fig);
      }
    } catch (e) { if (e.name !== "AbortError") throw e; }
  }

  function changed(e) {
    // a kit's game decides which fields it has: the page is drawn again for the game chosen
    if (e && e.target && e.target.hasAttribute("data-reload")) { location.search = query().toString(); return; }
    clearTimeout(timer); timer = setTimeout(update, 150);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", (e) => { e.preventDefault(); build(); });
  $("build").addEventListener("click", build);

  async function build() {
    const button = $("build"), result = $("result");
    button.disabled = true;
    result.hidden = true;
    const bar = $("bar"), state = $("state");
    bar.closest(".progress").hidden = false;
    bar.removeAttribute("value");
    state.textContent = "starting";
    try {
      const r = await fetch("/api/build", { method: "POST", body: withProduct(query()),
        headers: { "X-Studio-Token": token, "Content-Type": "application/x-www-form-urlencoded" } });
      let job = await r.json();
      if (!r.ok) { showErrors(job.errors || { "": job.error }); state.textContent = job.error; return; }
      while (job.state === "queued" || job.state === "running") {
        await new Promise((ok) => setTimeout(ok, 250));
        job = await (await fetch(job.job || "/api/jobs/" + job.id)).json();
        state.textContent = job.said && job.said.length ? job.state + ": " + job.said[0] : job.state;
        if (job.total) { bar.max = job.total; bar.value = job.done; }
      }
      bar.max = 1; bar.value = 1;
      showResult(job);
    } finally { button.disabled = false; }
  }

  function showResult(job) {
    const result = $("result");
    result.replaceChildren();
    result.hidden = false;
    result.className = "result " + job.state;
    const line = (tag, text, cls) => { const el = document.createElement(tag); el.textContent = text; if (cls) el.className = cls; result.append(el); return el; };
    if (job.state !== "done") { line("p", job.error, "error"); $("state").textContent = "failed"; return; }
    $("state").textContent = "done";
    line("p", "Written to " + job.folder, "where");
    const links = document.createElement("p");
    links.className = "links";
    if (job.pdf) { const a = document.createElement("a"); a.href = job.pdf; a.textContent = "Download the PDF"; a.className = "button primary"; a.id = "pdf"; a.setAttribute("download", ""); links.append(a); }
    const z = document.createElement("a"); z.href = job.zip; z.textContent = "Download the folder (ZIP)"; z.className = "button"; z.setAttribute("download", ""); links.append(z);
    result.append(links);
    if (job.printing) line("p", job.printing, "printing");
    for (const note of job.notes || []) line("p", note, "note");
  }

  $("copy").addEventListener("click", async () => {
    const text = $("command").textContent;
    try { await navigator.clipboard.writeText(text); $("copy").textContent = "Copied"; }
    catch (e) { const range = document.createRange(); range.selectNodeContents($("command")); getSelection().removeAllRanges(); getSelection().addRange(range); $("copy").textContent = "Selected: press Ctrl-C"; }
    setTimeout(() => { $("copy").textContent = "Copy the command"; }, 2000);
  });

  update();
})();
