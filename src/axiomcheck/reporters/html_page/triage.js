"use strict";
(function () {
  var table = document.getElementById("file-table");
  var form = document.getElementById("filters");
  if (!table || !form) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var text = document.getElementById("filter-text");
  var status = document.getElementById("filter-status");
  var count = document.getElementById("filter-count");
  form.hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  function cellValue(row, index, type) {
    var cell = row.cells[index];
    var raw = cell.getAttribute("data-value");
    if (raw === null) { raw = cell.textContent; }
    return type === "number" ? parseFloat(raw) : raw.toLowerCase();
  }

  function filter() {
    var needle = text.value.trim().toLowerCase();
    var wanted = status.value;
    var shown = 0;
    rows.forEach(function (row) {
      var visible = (!wanted || row.getAttribute("data-status") === wanted) &&
        (!needle || row.textContent.toLowerCase().indexOf(needle) >= 0);
      row.hidden = !visible;
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
      rows.sort(function (a, b) {
        var x = cellValue(a, index, type), y = cellValue(b, index, type);
        var order = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  text.addEventListener("input", filter);
  status.addEventListener("change", filter);
  filter();
}());
