// Progressive enhancement only: every page works without this file.
"use strict";

// The live preview re-renders only the scoreboard, never the inputs the player is
// typing in. It lists each problem with the id of its field's error slot; this
// puts every message next to its field and marks the field invalid.
function placeProblems() {
  const preview = document.getElementById("score-preview");
  if (!preview) return;
  document.querySelectorAll("[data-error-slot]").forEach((slot) => {
    slot.textContent = "";
  });
  document.querySelectorAll('[aria-invalid="true"]').forEach((input) => {
    input.removeAttribute("aria-invalid");
  });
  preview.querySelectorAll("[data-slot]").forEach((item) => {
    const slot = document.getElementById("err-" + item.dataset.slot);
    if (!slot) return;
    slot.textContent = (slot.textContent ? slot.textContent + " " : "") + item.dataset.message;
    document
      .querySelectorAll('[aria-describedby="' + slot.id + '"]')
      .forEach((field) => field.setAttribute("aria-invalid", "true"));
  });
}

document.addEventListener("htmx:afterSettle", placeProblems);

// Score sheets: one player at a time, the counts by tap or by the number pad,
// and every player's total always in view on the strip at the top. Without
// this, every panel shows one under the other and the counts are plain fields.
const sheet = { active: 0, selectOnUp: null, detailsOpen: false };

function sheetPanels(form) {
  return [...form.querySelectorAll("fieldset.seat")];
}

// The fields the number pad walks through, in the order the page shows them.
function flowFields(panel) {
  return [...panel.querySelectorAll("input[type=number]:not([data-skip])")];
}

function nextField(input) {
  const panel = input.closest("fieldset.seat");
  if (!panel) return null;
  const fields = flowFields(panel);
  return fields[fields.indexOf(input) + 1] || null;
}

// A number is complete when no further digit could keep it within its maximum.
function isComplete(input) {
  const value = input.value;
  const max = Number(input.max);
  if (value === "") return false;
  return value === "0" || value.length >= String(max).length || Number(value) * 10 > max;
}

function stripBottom() {
  const strip = document.getElementById("score-strip");
  return strip ? strip.getBoundingClientRect().bottom : 0;
}

function showPanel(form, index, focus) {
  const panels = sheetPanels(form);
  if (!panels.length) return;
  if (index < 0 || index >= panels.length) index = 0;
  sheet.active = index;
  panels.forEach((panel, i) => {
    panel.hidden = i !== index;
  });
  form.querySelectorAll(".strip-tab").forEach((tab) => {
    if (Number(tab.dataset.tab) === index) tab.setAttribute("aria-current", "true");
    else tab.removeAttribute("aria-current");
  });
  if (!focus) return;
  const panel = panels[index];
  // Bring the panel's top just under the strip when it is out of sight.
  const gap = panel.getBoundingClientRect().top - stripBottom();
  if (gap < 0 || gap > window.innerHeight / 2) window.scrollBy(0, gap - 8);
  const first = flowFields(panel)[0];
  if (first) first.focus({ preventScroll: true });
}

function updateStrip() {
  const form = document.getElementById("sheet-form");
  const preview = document.getElementById("score-preview");
  if (!form || !preview) return;
  const scores = [...preview.querySelectorAll(".strip-data li")];
  form.querySelectorAll(".strip-tab").forEach((tab) => {
    const score = scores[Number(tab.dataset.tab)];
    tab.querySelector("[data-total]").textContent = score ? score.dataset.total : "–";
    tab.querySelector("[data-rank]").textContent = score ? "#" + score.dataset.rank : "";
  });
}

function enableSheet(root) {
  const form = root.id === "sheet-form" ? root : root.querySelector("#sheet-form");
  if (!form || !form.querySelector("#score-strip")) return;
  form.classList.add("tabbed");
  form.querySelectorAll("button.step").forEach((button) => {
    button.hidden = false;
  });
  showPanel(form, sheet.active, false);
  updateStrip();
}

document.addEventListener("htmx:load", (event) => enableSheet(event.target));
document.addEventListener("DOMContentLoaded", () => enableSheet(document.body));

document.addEventListener("htmx:beforeSwap", (event) => {
  const details = document.getElementById("score-details");
  if (event.detail.target.id === "score-preview") sheet.detailsOpen = !!(details && details.open);
});
document.addEventListener("htmx:afterSettle", (event) => {
  updateStrip();
  const details = document.getElementById("score-details");
  if (details && sheet.detailsOpen && event.detail.target.id === "score-preview") details.open = true;
});

document.addEventListener("click", (event) => {
  const form = document.getElementById("sheet-form");
  if (!form || !form.classList.contains("tabbed")) return;
  const tab = event.target.closest(".strip-tab");
  if (tab) {
    event.preventDefault();
    showPanel(form, Number(tab.dataset.tab), true);
    return;
  }
  const step = event.target.closest("button.step");
  if (step) {
    const input = document.getElementById(step.getAttribute("aria-controls"));
    const value = (parseInt(input.value, 10) || 0) + Number(step.dataset.step);
    const min = Number(input.min || 0);
    const max = input.max === "" ? Infinity : Number(input.max);
    input.value = String(Math.min(Math.max(value, min), max));
    input.removeAttribute("aria-invalid");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return;
  }
  // A problem in the summary: open its player's tab and go to the field.
  const link = event.target.closest('.problems a[href^="#err-"]');
  if (link) {
    const slot = document.getElementById(link.getAttribute("href").slice(1));
    if (!slot) return;
    event.preventDefault();
    const panel = slot.closest("fieldset.seat");
    if (panel) showPanel(form, sheetPanels(form).indexOf(panel), false);
    const field = form.querySelector('[aria-describedby="' + slot.id + '"]') || slot;
    field.scrollIntoView({ block: "center" });
    if (field.matches("input, select")) field.focus({ preventScroll: true });
  }
});

// A count selects its content when it gets focus, so that typing replaces it
// ("13", not "130"). The tap's own mouseup would drop the selection: skip it.
document.addEventListener("focusin", (event) => {
  const input = event.target;
  if (!input.matches || !input.matches("#sheet-form input[type=number]")) return;
  input.select();
  sheet.selectOnUp = input;
});
document.addEventListener("mouseup", (event) => {
  if (sheet.selectOnUp && event.target === sheet.selectOnUp) event.preventDefault();
  sheet.selectOnUp = null;
});

// The number pad walks through a player's counts: a complete number moves on to
// the next field, and Enter moves on (it would otherwise send the sheet). A
// number that is too large stays where it was typed, for the rules to flag.
document.addEventListener("input", (event) => {
  const input = event.target;
  if (!event.inputType || !event.inputType.startsWith("insert")) return;
  if (!input.matches("#sheet-form input[type=number]") || input.hasAttribute("data-skip")) return;
  const next = nextField(input);
  if (next && isComplete(input) && Number(input.value) <= Number(input.max)) next.focus();
});
document.addEventListener("keydown", (event) => {
  const input = event.target;
  if (event.key !== "Enter" || !input.matches || !input.matches("#sheet-form input[type=number]")) return;
  event.preventDefault();
  const next = nextField(input);
  if (next) next.focus();
  else input.blur();
});

// Invite links: a "Copy" button next to the read-only link. Without JavaScript
// the button stays hidden and the link can still be selected and copied by hand.
function enableCopyButtons(root) {
  root.querySelectorAll("button[data-copy]").forEach((button) => {
    if (navigator.clipboard) button.hidden = false;
  });
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const input = document.getElementById(button.dataset.copy);
  if (!input) return;
  navigator.clipboard.writeText(input.value).then(() => {
    button.textContent = button.dataset.copied;
  });
});

document.addEventListener("htmx:load", (event) => enableCopyButtons(event.target));
document.addEventListener("DOMContentLoaded", () => enableCopyButtons(document));

// A failed htmx request (no network, the server down, a 503 while the database
// restarts) swaps nothing, so the tap would look ignored: say so, until the
// next request gets through.
function showRequestFailed(failed) {
  const note = document.getElementById("request-failed");
  if (note) note.hidden = !failed;
}
document.addEventListener("htmx:responseError", () => showRequestFailed(true));
document.addEventListener("htmx:sendError", () => showRequestFailed(true));
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful) showRequestFailed(false);
});

// The table assistant polls its head endpoint every 1.5 s (the CSP keeps
// htmx's trigger filters, which need eval, off): a hidden tab does not poll,
// and one that shows again asks at once instead of waiting for the next tick.
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("data-poll")) event.preventDefault();
});
document.addEventListener("visibilitychange", () => {
  const poll = document.getElementById("head-poll");
  if (poll && !document.hidden && window.htmx) window.htmx.trigger(poll, "poll-now");
});

// The language switcher: without JavaScript the form's button sends it; with
// it, picking a language is enough (the button is hidden).
function enableLanguageSwitcher(root) {
  root.querySelectorAll("form.language").forEach((form) => {
    const select = form.querySelector("select[name=language]");
    const button = form.querySelector("button[type=submit]");
    if (!select) return;
    if (button) button.hidden = true;
    select.addEventListener("change", () => form.requestSubmit());
  });
}

document.addEventListener("DOMContentLoaded", () => enableLanguageSwitcher(document));

// The table assistant's helpers: the − / + steppers beside each number (48 px),
// so that no count needs the keyboard. Without this file they stay hidden and
// the numbers are plain fields.
function enableHelperSteppers(root) {
  root.querySelectorAll("form.helper button.step, form.helper input[data-filter]").forEach((control) => {
    control.hidden = false;
  });
}

// The Architect's A–Z list: the filter box keeps the cities whose name holds what is typed.
document.addEventListener("input", (event) => {
  const box = event.target.closest("input[data-filter]");
  if (!box) return;
  const list = document.getElementById(box.dataset.filter);
  if (!list) return;
  const wanted = box.value.trim().toLowerCase();
  list.querySelectorAll("[data-city]").forEach((row) => {
    row.hidden = wanted !== "" && !row.dataset.city.includes(wanted);
  });
});

document.addEventListener("htmx:load", (event) => enableHelperSteppers(event.target));
document.addEventListener("DOMContentLoaded", () => enableHelperSteppers(document.body));
document.addEventListener("click", (event) => {
  const step = event.target.closest("form.helper button.step");
  if (!step) return;
  const input = document.getElementById(step.getAttribute("aria-controls"));
  if (!input) return;
  const value = (parseInt(input.value, 10) || 0) + Number(step.dataset.step);
  const min = Number(input.min || 0);
  const max = input.max === "" ? Infinity : Number(input.max);
  input.value = String(Math.min(Math.max(value, min), max));
});
