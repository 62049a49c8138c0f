// ReDoc under our Content-Security-Policy (templates/api/redoc.html), loaded
// before the ReDoc bundle.
(function () {
  "use strict";
  // The menu's "API docs by Redocly" link shows a logo from Redocly's CDN,
  // which img-src refuses (a violation in the console, and a request to a third
  // party). Leave that one image without a source; api-docs.css hides it.
  var blocked = function (value) {
    return String(value).indexOf("https://cdn.redoc.ly/") === 0;
  };
  var proto = HTMLImageElement.prototype;
  var setAttribute = proto.setAttribute;
  proto.setAttribute = function (name, value) {
    if (String(name).toLowerCase() === "src" && blocked(value)) {
      return undefined;
    }
    return setAttribute.call(this, name, value);
  };
  var src = Object.getOwnPropertyDescriptor(proto, "src");
  Object.defineProperty(proto, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (value) {
      if (!blocked(value)) {
        src.set.call(this, value);
      }
    },
  });
})();
