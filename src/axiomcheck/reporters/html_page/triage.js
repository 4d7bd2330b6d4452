"use strict";
(function () {
  var table = document.getElementById("file-table");
  var form = document.getElementById("filters");
  var block = document.getElementById("file-data");
  var details = document.getElementById("file-details");
  if (!table || !form || !block || !details) { return; }
  var data = JSON.parse(block.textContent);
  var strings = data.strings;
  var files = data.files;
  var LABELS = {pass: "pass", fail: "fail", error: "not checked"};
  // The fields of a file's row and of a finding's row (reporters/html_data.py).
  var PATH = 0, STATUS = 1, SUBMISSION = 2, PAGES = 3, BODY = 4, TRACK = 5, SHA = 6, FINDINGS = 7;
  var LABEL = 0, RULE = 1, NAME = 2, PAGE = 3, MESSAGE = 4, EVIDENCE = 5, FIX = 6, PICTURE = 7, MISSING = 8,
    WAIVER = 9, SEVERITY = 10, CONFIDENCE = 11, COUNT = 12;

  function escaped(value) {
    return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
  }

  function text(finding, field) { return escaped(strings[finding[field] || 0]); }

  function findingHtml(f) {
    var out = "<li class=\"" + text(f, LABEL) + "\"><b>" + text(f, RULE) + "</b> " + text(f, NAME);
    if (f[PAGE]) { out += " · p" + f[PAGE]; }
    if (f[CONFIDENCE]) { out += " · <em>" + text(f, CONFIDENCE) + "</em>"; }
    if (f[COUNT]) { out += " · ×" + f[COUNT]; }
    out += "<br>\n" + text(f, MESSAGE);
    var shared = f[FIX] ? data.fixes[f[RULE] + ":" + f[FIX]] : undefined;
    if (shared) { out += " <a href=\"#" + escaped(shared) + "\">fix</a>"; }
    if (f[EVIDENCE]) { out += "<br><small>found: " + text(f, EVIDENCE) + "</small>"; }
    if (f[FIX] && !shared) { out += "<br><small>fix: " + text(f, FIX) + "</small>"; }
    if (f[WAIVER]) { out += "<br><small>waived: " + text(f, WAIVER) + " (was " + text(f, SEVERITY) + ")</small>"; }
    if (f[PICTURE]) {
      out += "<br><a class=\"pic\" href=\"" + text(f, PICTURE) + "\"><img src=\"" + text(f, PICTURE) +
        "\" alt=\"Page " + f[PAGE] + ", the finding's box in red (opens the full picture)\" loading=\"lazy\" " +
        "decoding=\"async\"></a>";
    } else if (f[MISSING]) {
      out += "<br><small>picture not found: " + text(f, MISSING) + "</small>";
    }
    return out + "</li>\n";
  }

  function fileHtml(index, hidden) {
    var file = files[index];
    var submission = file[SUBMISSION];
    var meta = [];
    if (submission) {
      meta.push((submission[0] !== null ? "<strong>#" + escaped(submission[0]) + "</strong> " : "") +
        escaped(submission[1]) +
        (submission[2] ? " <a href=\"" + escaped(submission[2]) + "\" rel=\"noreferrer\">forum</a>" : ""));
    }
    if (file[PAGES] !== null) { meta.push(file[PAGES] + " page" + (file[PAGES] === 1 ? "" : "s")); }
    if (file[BODY]) { meta.push(escaped(strings[file[BODY]])); }
    if (file[TRACK]) { meta.push("track " + escaped(strings[file[TRACK]])); }
    if (file[SHA]) { meta.push("sha " + escaped(file[SHA])); }
    var out = "<article class=\"file\" id=\"f" + index + "\"" + (hidden ? " hidden" : "") + ">\n<h3><span class=\"badge " +
      escaped(file[STATUS]) + "\">" + LABELS[file[STATUS]] + "</span> " + escaped(file[PATH]) + "</h3>\n" +
      "<p class=\"meta\">" + meta.join(" · ") + "</p>\n";
    var findings = file[FINDINGS];
    if (!findings.length) { return out + "<p class=\"none\">No findings.</p>\n</article>"; }
    out += "<ol class=\"findings\">\n";
    for (var i = 0; i < findings.length; i += 1) { out += findingHtml(findings[i]); }
    return out + "</ol>\n</article>";
  }

  // Each file's section is written from the data block, all at once, right after the page
  // has loaded (the table is usable before), or at once when the page is printed or a link or
  // its address names a file (#f12).
  var hiddenFiles = [];
  var written = false;
  details.textContent = "";  // a copy saved with its sections written gets them anew
  function writeAll() {
    if (written) { return; }
    written = true;
    var parts = [];
    for (var index = 0; index < files.length; index += 1) { parts.push(fileHtml(index, hiddenFiles[index])); }
    details.insertAdjacentHTML("beforeend", parts.join("\n"));
    if (window.performance && performance.mark) { performance.mark("axiomcheck-sections-written"); }
  }
  window.addEventListener("beforeprint", writeAll);
  window.addEventListener("hashchange", function () {
    if (/^#f\d+$/.test(location.hash) && !written) {
      writeAll();
      var target = document.getElementById(location.hash.slice(1));
      if (target) { target.scrollIntoView(); }
    }
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#f']") : null;
    if (link) { writeAll(); }
  });

  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var input = document.getElementById("filter-text");
  var rule = document.getElementById("filter-rule");
  var status = document.getElementById("filter-status");
  var count = document.getElementById("filter-count");
  var haystacks = null;
  form.hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  function fileOf(row) {
    return parseInt(row.cells[0].firstElementChild.getAttribute("href").slice(2), 10);
  }

  // What the text filter searches for each file: its row, its section's heading, and every
  // finding's rule, name, message, evidence, fix, waiver and missing picture. Made on the
  // first search, not at load.
  var SEARCHED = [RULE, NAME, MESSAGE, EVIDENCE, FIX, WAIVER, MISSING];
  function searched() {
    if (haystacks === null) {
      var lower = strings.map(function (s) { return s.toLowerCase(); });
      haystacks = rows.map(function (row) {
        var file = files[fileOf(row)];
        var parts = [row.textContent, file[PATH], file[SUBMISSION] ? file[SUBMISSION][1] : "", file[SHA]]
          .map(function (s) { return s.toLowerCase(); });
        parts.push(lower[file[BODY]], lower[file[TRACK]]);
        file[FINDINGS].forEach(function (f) {
          SEARCHED.forEach(function (field) { if (f[field]) { parts.push(lower[f[field]]); } });
        });
        return parts.join("\n");
      });
    }
    return haystacks;
  }

  // The rules with findings on each file, for the rule filter.
  var rulesOf = files.map(function (file) {
    return " " + file[FINDINGS].map(function (f) { return strings[f[RULE]]; }).join(" ") + " ";
  });

  // The submission column's sort key: numbers in order (padded to 12 digits), then other ids.
  function submissionKey(file) {
    var submission = file[SUBMISSION];
    if (!submission || submission[0] === null) { return ""; }
    var id = String(submission[0]);
    if (!/^[0-9]+$/.test(id)) { return "~" + id.toLowerCase(); }
    var digits = id.replace(/^0+(?=.)/, "");
    return digits.length < 12 ? "000000000000".slice(digits.length) + digits : digits;
  }

  function cellValue(row, index, type) {
    if (type === "submission") { return submissionKey(files[fileOf(row)]); }
    var cell = row.cells[index];
    var raw = cell.getAttribute("data-value");
    if (raw === null) { raw = cell.textContent; }
    return type === "number" ? parseFloat(raw) : raw.toLowerCase();
  }

  function filter() {
    var needle = input.value.trim().toLowerCase();
    var wantedRule = rule.value;
    var wanted = status.value;
    var texts = needle ? searched() : null;
    var shown = 0;
    rows.forEach(function (row, position) {
      var index = fileOf(row);
      var visible = (!wanted || row.getAttribute("data-status") === wanted) &&
        (!wantedRule || rulesOf[index].indexOf(" " + wantedRule + " ") >= 0) &&
        (!needle || texts[position].indexOf(needle) >= 0);
      if (row.hidden === visible) {
        row.hidden = !visible;
        hiddenFiles[index] = !visible;
        var section = written ? document.getElementById("f" + index) : null;
        if (section) { section.hidden = !visible; }
      }
      if (visible) { shown += 1; }
    });
    count.textContent = shown + " of " + rows.length + " files";
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(button);
    button.addEventListener("click", function () {
      var type = th.getAttribute("data-type");
      var ascending = th.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var keyed = rows.map(function (row, position) {
        return {row: row, key: cellValue(row, index, type), position: position};
      });
      keyed.sort(function (a, b) {
        var order = a.key < b.key ? -1 : a.key > b.key ? 1 : a.position - b.position;
        return ascending ? order : -order;
      });
      var sorted = document.createDocumentFragment();
      keyed.forEach(function (entry) { sorted.appendChild(entry.row); });
      body.appendChild(sorted);
      if (haystacks !== null) {
        var byRow = new Map(rows.map(function (row, position) { return [row, haystacks[position]]; }));
        haystacks = keyed.map(function (entry) { return byRow.get(entry.row); });
      }
      rows = keyed.map(function (entry) { return entry.row; });
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("a.rule[data-rule]"), function (link) {
    link.addEventListener("click", function () {
      rule.value = link.getAttribute("data-rule");
      filter();
    });
  });
  input.addEventListener("input", filter);
  rule.addEventListener("change", filter);
  status.addEventListener("change", filter);
  filter();
  if (/^#f\d+$/.test(location.hash)) {
    writeAll();
    var target = document.getElementById(location.hash.slice(1));
    if (target) { target.scrollIntoView(); }
  } else if (document.readyState === "complete") {
    setTimeout(writeAll, 0);
  } else {
    window.addEventListener("load", function () { setTimeout(writeAll, 0); });
  }
}());
