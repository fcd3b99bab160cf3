"use strict";
// Sortable tables: a click on a header sorts by that column (numbers numerically), again to reverse.
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("th").forEach(function (th, col) {
    th.addEventListener("click", function () {
      var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
      var asc = !th.classList.contains("asc");
      table.querySelectorAll("th").forEach(function (h) { h.classList.remove("asc", "desc"); });
      th.classList.add(asc ? "asc" : "desc");
      rows.sort(function (a, b) {
        var x = a.cells[col].textContent.trim(), y = b.cells[col].textContent.trim();
        var nx = parseFloat(x.replace(/[^0-9.eE+-]/g, "")), ny = parseFloat(y.replace(/[^0-9.eE+-]/g, ""));
        var cmp = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
        return asc ? cmp : -cmp;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
// Filters: rows whose text does not match (a regular expression, or plain text if it is not one) are hidden.
document.querySelectorAll("input.filter").forEach(function (input) {
  input.addEventListener("input", function () {
    var table = document.getElementById(input.dataset.table), re;
    try { re = new RegExp(input.value, "i"); } catch (e) { re = null; }
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var text = row.textContent;
      var show = re ? re.test(text) : text.toLowerCase().indexOf(input.value.toLowerCase()) >= 0;
      row.style.display = show ? "" : "none";
    });
  });
});
