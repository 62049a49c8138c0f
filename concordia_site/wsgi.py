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
# reach, as the gc documentation advises for servers. Otherwise every full
# collection walks all of them again: under `make load` a game page took
# about 9.6 ms of worker CPU instead of 6.6, a save 12 instead of 9.
get_resolver().url_patterns  # noqa: B018
gc.collect()
gc.freeze()
