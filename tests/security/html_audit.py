"""Read rendered HTML as a browser would, and list what a strict CSP would block or what runs.

Used by the CSP tests (no inline script or style anywhere) and by the test that
names full of markup stay text.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

# htmx attributes that make an element do something (fetch, swap, run code).
HTMX_ACTIONS = (
    "hx-get",
    "hx-post",
    "hx-put",
    "hx-patch",
    "hx-delete",
    "hx-on",
    "hx-vals",
    "hx-vars",
    "hx-trigger",
    "hx-target",
    "hx-swap",
    "hx-include",
    "hx-headers",
    "hx-boost",
    "data-hx-get",
    "data-hx-post",
    "data-hx-on",
)


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]


class Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.inline_scripts: list[str] = []
        self.style_blocks = 0
        self.text: list[str] = []
        self._in_inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.elements.append(Element(tag, values))
        if tag == "script" and "src" not in values:
            self._in_inline_script = True
            self.inline_scripts.append("")
        if tag == "style":
            self.style_blocks += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_inline_script = False

    def handle_data(self, data: str) -> None:
        if self._in_inline_script:
            self.inline_scripts[-1] += data
        else:
            self.text.append(data)


def audit(html: str) -> Audit:
    parser = Audit()
    parser.feed(html)
    parser.close()
    return parser


def csp_problems(html: str) -> list[str]:
    """Everything in ``html`` that a policy without 'unsafe-inline' or 'unsafe-eval' blocks."""
    found = audit(html)
    problems = [f"inline <script>: {s[:60]!r}" for s in found.inline_scripts]
    if found.style_blocks:
        problems.append(f"{found.style_blocks} <style> block(s)")
    for element in found.elements:
        for name, value in element.attrs.items():
            where = f"<{element.tag} {name}={value[:40]!r}>"
            if name == "style":
                problems.append(f"style attribute {where}")
            elif name.startswith("on"):
                problems.append(f"event handler attribute {where}")
            elif name.startswith(("hx-on", "data-hx-on")):
                problems.append(f"hx-on needs eval {where}")
            elif name in {"hx-vals", "hx-vars", "data-hx-vals"} and (
                value.strip().startswith("js:") or name.endswith("vars")
            ):
                problems.append(f"js: expression needs eval {where}")
            elif name in {"hx-trigger", "data-hx-trigger"} and "[" in value:
                problems.append(f"hx-trigger filter needs eval {where}")
            elif value.strip().lower().startswith("javascript:"):
                problems.append(f"javascript: URL {where}")
    return problems
