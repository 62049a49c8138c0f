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
