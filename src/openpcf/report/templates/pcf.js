(function () {
  function openTarget() {
    var h = decodeURIComponent(location.hash || "");
    var old = document.querySelectorAll("tr.target");
    for (var i = 0; i < old.length; i++) old[i].classList.remove("target");
    if (h.indexOf("#line-") !== 0) return;
    var row = document.getElementById(h.slice(1));
    if (!row) return;
    row.classList.add("target");
    var d = row.querySelectorAll("details.prov");
    for (var j = 0; j < d.length; j++) if (d[j].id) d[j].open = true;
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  document.documentElement.setAttribute("data-ready", "1");
})();
