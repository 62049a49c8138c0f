"""Find elements of a page by id or attributes, to assert structure, not English.

Pages are translated: a test that looks for "Winner: Ana" breaks in Portuguese.
These helpers find the element a test is about (by ``id``, ``data-*`` or
``name``) and give its attributes and its text, so a test asserts the element,
the numbers and the names, whatever the language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

_VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input",
    "link", "meta", "source", "track", "wbr",
}  # fmt: skip


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's text, whitespace collapsed."""
        return " ".join("".join(self.parts).split())


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Element] = []
        self._open: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.found.append(element)
        if tag not in _VOID:
            self._open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index].tag == tag:
                del self._open[index:]
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element.parts.append(data)


def elements(html: str, tag: str | None = None, **attrs: str | None) -> list[Element]:
    """Every element of ``html`` with ``tag`` (any if None) and the attributes given.

    ``data_foo="x"`` matches ``data-foo="x"``; a value of None matches the
    attribute's presence whatever its value; ``class_`` matches one class.
    """
    collector = _Collector()
    collector.feed(html)
    collector.close()
    wanted = {
        name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()
    }

    def matches(element: Element) -> bool:
        if tag is not None and element.tag != tag:
            return False
        for name, value in wanted.items():
            if name not in element.attrs:
                return False
            if name == "class" and value is not None:
                if value not in element.attrs["class"].split():
                    return False
            elif value is not None and element.attrs[name] != value:
                return False
        return True

    return [element for element in collector.found if matches(element)]


def by_id(html: str, element_id: str) -> Element:
    """The one element with ``id``; fails the test if there is none or several."""
    found = elements(html, id=element_id)
    assert len(found) == 1, f"{len(found)} elements with id {element_id!r}"
    return found[0]


def has_id(html: str, element_id: str) -> bool:
    return bool(elements(html, id=element_id))
