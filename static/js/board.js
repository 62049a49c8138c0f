// Board entry, progressive enhancement only: without this file a tap on the map
// jumps to the city's row in the list, whose button is a real form submit.
"use strict";

(function () {
  let fit = false;
  let scroll = null;

  // The whole map is an overview: its cities are too small to hit, so a tap
  // anywhere on it zooms back in, centred on that spot, and builds nothing.
  // (Registered first and on the capture phase: it runs before the city tap.)
  document.addEventListener("click", (event) => {
    const box = event.target.closest && event.target.closest("#map-scroll.fit");
    if (!box) return;
    const svg = box.querySelector(".board-map");
    if (!svg) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = svg.getBoundingClientRect();
    const across = (event.clientX - rect.left) / rect.width;
    const down = (event.clientY - rect.top) / rect.height;
    fit = false;
    apply();
    const full = svg.getBoundingClientRect();
    box.scrollLeft = across * full.width - box.clientWidth / 2;
    box.scrollTop = down * full.height - box.clientHeight / 2;
    // The zoomed map is taller: bring all of it into view.
    box.scrollIntoView({ block: "nearest" });
  }, true);

  // A tap on a city of the map presses that city's button in the list, so the
  // map and the list share one form and one request.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a.city[data-city]");
    if (!link || !window.htmx) return;
    const button = document.getElementById("house-" + link.dataset.city);
    if (!button) return;
    event.preventDefault();
    button.click();
  });

  // City goods: a tap on a city of the map moves it on to the next good its
  // letter's tokens show; the chips in the list below are what the form sends.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("[data-cycle-goods] a.city[data-city]");
    if (!link) return;
    const radios = [...document.querySelectorAll("#city-" + link.dataset.city + " input[type=radio]")];
    if (!radios.length) return;
    event.preventDefault();
    const next = radios[(radios.findIndex((radio) => radio.checked) + 1) % radios.length];
    next.checked = true;
    next.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("change", (event) => {
    const radio = event.target;
    const city = radio.closest && radio.closest("fieldset.city-good");
    if (!city || !radio.checked) return;
    const circle = document.querySelector("#map-" + city.id.slice("city-".length) + " circle.good");
    if (circle) circle.setAttribute("class", "good good-" + radio.value);
  });

  // Zooming out shows the whole map; the list stays the way to tap precisely.
  document.addEventListener("click", (event) => {
    const toggle = event.target.closest && event.target.closest("[data-map-fit]");
    if (!toggle) return;
    fit = !fit;
    apply();
  });

  function apply() {
    const box = document.getElementById("map-scroll");
    const toggle = document.querySelector("[data-map-fit]");
    if (!box || !toggle) return;
    toggle.closest(".map-tools").hidden = false;
    box.classList.toggle("fit", fit);
    toggle.setAttribute("aria-pressed", fit ? "true" : "false");
    houseScale(box);
  }

  // How much the whole map's houses grow: enough for 12 px on the screen.
  function houseScale(box) {
    const svg = box.querySelector(".board-map");
    const drawn = svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width;
    if (!fit || !drawn) {
      box.style.removeProperty("--house-scale");
      return;
    }
    const shrink = svg.getBoundingClientRect().width / drawn;
    box.style.setProperty("--house-scale", String(Math.max(1, 13 / (16 * shrink))));
  }

  // A phone shows a corner of the full-size map; start from the capital.
  function centreOnCapital() {
    const box = document.getElementById("map-scroll");
    const capital = box && box.querySelector(".capital rect");
    if (!capital) return;
    const boxRect = box.getBoundingClientRect();
    const rect = capital.getBoundingClientRect();
    box.scrollLeft += rect.left + rect.width / 2 - (boxRect.left + box.clientWidth / 2);
    box.scrollTop += rect.top + rect.height / 2 - (boxRect.top + box.clientHeight / 2);
  }

  function start() {
    apply();
    centreOnCapital();
  }

  // A tap re-renders the map: keep it where the player had panned it.
  document.addEventListener("htmx:beforeSwap", () => {
    const box = document.getElementById("map-scroll");
    scroll = box ? [box.scrollLeft, box.scrollTop] : null;
  });
  document.addEventListener("htmx:afterSwap", () => {
    const box = document.getElementById("map-scroll");
    if (box && scroll) {
      box.scrollLeft = scroll[0];
      box.scrollTop = scroll[1];
    }
    apply();
  });

  window.addEventListener("resize", apply);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
