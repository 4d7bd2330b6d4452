"use strict";
(function () {
  var table = document.getElementById("file-table");
  var form = document.getElementById("filters");
  if (!table || !form) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var text = document.getElementById("filter-text");
  var rule = document.getElementById("filter-rule");
  var status = document.getElementById("filter-status");
  var count = document.getElementById("filter-count");
  var haystacks = null;
  form.hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  function sectionOf(row) {
    return document.getElementById(row.cells[0].firstElementChild.getAttribute("href").slice(1));
  }

  // What the text filter searches for each file: its row and every finding of its section.
  // Read on the first search, not at load, so that a long page opens at once.
  function searched() {
    if (haystacks === null) {
      haystacks = rows.map(function (row) {
        var section = sectionOf(row);
        return (row.textContent + " " + (section ? section.textContent : "")).toLowerCase();
      });
    }
    return haystacks;
  }

  function cellValue(row, index, type) {
    var cell = row.cells[index];
    var raw = cell.getAttribute("data-value");
    if (raw === null) { raw = cell.textContent; }
    return type === "number" ? parseFloat(raw) : raw.toLowerCase();
  }

  function filter() {
    var needle = text.value.trim().toLowerCase();
    var wantedRule = rule.value;
    var wanted = status.value;
    var texts = needle ? searched() : null;
    var shown = 0;
    rows.forEach(function (row, index) {
      var rules = " " + row.getAttribute("data-rules") + " ";
      var visible = (!wanted || row.getAttribute("data-status") === wanted) &&
        (!wantedRule || rules.indexOf(" " + wantedRule + " ") >= 0) &&
        (!needle || texts[index].indexOf(needle) >= 0);
      if (row.hidden === visible) {
        row.hidden = !visible;
        var section = sectionOf(row);
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
  text.addEventListener("input", filter);
  rule.addEventListener("change", filter);
  status.addEventListener("change", filter);
  filter();
}());
