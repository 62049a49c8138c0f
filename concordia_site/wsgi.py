from __future__ import annotations

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")

application = get_wsgi_application()

# Load the URLs now rather than on the first request, then move everything
# loaded so far (Django, the apps, their models and URLs: about 150,000
# objects that live as long as the process) out of the garbage collector's
# reach. Otherwise every full collection walks all of them again: a pause of
# about 100 ms every few hundred saves, and a third of a millisecond a save
# on average. (gc.freeze, as the gc documentation advises for servers.)
get_resolver().url_patterns  # noqa: B018
gc.collect()
gc.freeze()
