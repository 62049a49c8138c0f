"""The only settings module.

Defaults are for a developer laptop (DEBUG on, SQLite, eager Celery, locmem cache,
console e-mail): a fresh clone runs with no environment variables at all.
Production sets everything through the environment; see `.env.example`.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import cast

import dj_database_url
import django_stubs_ext
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

# Lets the typed generics of django-stubs (ModelAdmin[Club], QuerySet[Club]) run.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; anything but a clear answer is a configuration error."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be 0/1, true/false, yes/no or on/off")


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blank items."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number") from None


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0")
    SECRET_KEY = "django-insecure-dev-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "pgtrigger",
    "games",
    "clubs",
    "stats",
    "portability",
    "api",
    "assistant",
    "assistant.concordia",
    "assistant.magnanimous",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files with their gzip and brotli copies from collectstatic
    # (STORAGES), before anything else looks at the request.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages go out gzipped. BREACH needs a secret in a compressed body next to
    # text an attacker controls: Django masks the CSRF token anew in every
    # response, and since 4.2 this middleware pads each gzipped body with
    # random bytes ("Heal the Breach"), so over TLS this is safe enough for a
    # page weight a phone on a slow line notices. Below WhiteNoise, which
    # serves its own compressed copies.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A NUL character in the address, the query or a form: 400, before any
    # view takes it to the database (which refuses it in text).
    "concordia_site.middleware.refuse_nul_middleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Cache-Control: private, no-store on whatever a signed-in request gets.
    "concordia_site.middleware.private_no_store_middleware",
    # Sets the language cookie when a sign-in brought the stored language back.
    "clubs.language.preferred_language_middleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a lockout flagged during the view into
    # the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "concordia_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "concordia_site.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks (select_for_update is a no-op) and a deferred
    # transaction that reads and then writes fails with "database is locked"
    # when another writer got there first. Taking the write lock at BEGIN
    # queues concurrent saves instead, so the version check sees the winner's
    # commit and the others get the conflict message, not a 500.
    DATABASES["default"].setdefault("OPTIONS", {})["transaction_mode"] = "IMMEDIATE"
elif env_bool("DJANGO_DB_PREPARED_STATEMENTS", True):
    # Send parameters apart from the SQL, so that psycopg prepares a statement
    # the second time a connection runs it and PostgreSQL plans it once per
    # connection instead of once per query: planning was most of PostgreSQL's
    # CPU on a game page. Set DJANGO_DB_PREPARED_STATEMENTS=0 behind a pooler
    # that cannot keep them (PgBouncer in transaction mode before 1.21).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=1
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Form widgets rendered with Django's own Jinja2 widget templates: the same
# HTML as the default renderer at a fraction of its cost (the leaderboard's
# filters took a sixth of its time, the score sheet has a hundred inputs).
FORM_RENDERER = "django.forms.renderers.Jinja2"


AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# django-axes first: a locked-out sign-in stops there, before ModelBackend
# computes a password hash (which would hand an attacker a free guess and cost
# a PBKDF2 run per attempt).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5)
# A cool-off, never a permanent lock: a forgotten password must not need an admin.
AXES_COOLOFF_TIME = timedelta(minutes=env_int("DJANGO_LOGIN_COOLOFF_MINUTES", 15))
# Keyed by user name and address together: a guesser elsewhere cannot lock the
# real player out of their own phone, and nobody on a shared club Wi-Fi locks
# out everyone else at the table.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Further failures during the cool-off do not extend it, so it always ends.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "concordia_site.security.login_lockout_response"
# Behind a reverse proxy every request comes from the proxy: count the proxies
# whose X-Forwarded-For is to be believed, or the lock becomes per user name.
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "concordia_site.security.client_ip"
AXES_USERNAME_CALLABLE = "concordia_site.security.axes_username"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "login"

# The people at the table read these five languages (DEVELOPERS.md).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("pt-br", _("Portuguese (Brazil)")),
    ("es", _("Spanish")),
    ("fr", _("French")),
    ("uk", _("Ukrainian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our own date formats where Django's read wrong (concordia_site/formats).
FORMAT_MODULE_PATH = ["concordia_site.formats"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# collectstatic writes a gzip and a brotli copy of each file beside it, and
# WhiteNoise serves the smallest the browser accepts. Not the manifest
# variant: its hashed names need collectstatic before any page can render,
# which the tests, the benchmarks and a first `DJANGO_DEBUG=0` start skip.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "tabularium@localhost")

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# htmx takes the token from <body hx-headers>, so no script needs the cookie.
CSRF_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # A proxy's or a monitor's health probe talks plain HTTP to the app server
    # itself; a redirect to https would read as "down".
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# django-csp: scripts and styles come from our own static files only. htmx is
# configured in _base.html to need neither inline styles nor eval.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

REST_FRAMEWORK = {
    # Token first: an anonymous call then gets 401 with "WWW-Authenticate: Token"
    # (DRF takes the challenge from the first class; the session has none).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # DRF's three, with our JSON parser: 400, not 500, for a body nested too
    # deep or holding a NUL or half a surrogate pair (api/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_PAGINATION_CLASS": "api.base.ApiPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    # The anonymous calculator is the endpoint a script could hammer; a member's
    # phone or a club's own tool stays far below the signed-in rate.
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("DJANGO_API_THROTTLE_ANON", "60/minute"),
        "user": os.environ.get("DJANGO_API_THROTTLE_USER", "1200/minute"),
    },
    # The anonymous rate is per client address, read as django-axes reads it
    # (`concordia_site.security.client_ip`): DRF's default believes any
    # X-Forwarded-For, so a script could name a new address on every call.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "DEFAULT_SCHEMA_CLASS": "api.schema.ApiAutoSchema",
    "EXCEPTION_HANDLER": "api.base.api_exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tabularium API",
    "DESCRIPTION": "Clubs, players, Concordia and Magnanimous games, leaderboards, "
    "the score-sheet calculator, backups and BG Stats import/export.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc come from drf-spectacular-sidecar's static files: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.bodies_required",
    ],
    # Fields called "game", "map" and "ending" hold several value sets (a
    # score sheet's "game" is one game): each set gets its own name.
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "games.models.Game",
        "SheetConcordiaEnum": "api.sheet_schema.GAME_CONCORDIA",
        "SheetMagnanimousEnum": "api.sheet_schema.GAME_MAGNANIMOUS",
        "MapEnum": "api.sheet_schema.MAPS",
        "EndingEnum": "api.sheet_schema.ENDINGS",
    },
}

# Celery: with REDIS_URL it is both broker and result backend; without it tasks
# run in-process, so a laptop, CI and the unit tests need no Redis and the same
# code path runs (the pretix pattern).
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
else:
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
    # Eager tasks never reach a broker, but Celery still takes a producer from
    # its pool, and kombu warns "No hostname was supplied" for a broker without
    # one at the first save. The in-memory transport, named with a host, is quiet.
    CELERY_BROKER_URL = "memory://localhost/"
# The cache every process shares (issue #21): with Redis, Django's own
# RedisCache, so that the sessions, DRF's throttle history and the cached
# leaderboards are the same for both gunicorn workers (a per-process cache
# kept a signed-out session alive on the other worker, and each worker counted
# its own throttle). `ResilientRedisCache` answers a miss when Redis cannot be
# reached, so an outage costs speed, never a page. Without Redis (a laptop, the
# unit tests) the cache is this process's memory.
CACHES: dict[str, dict[str, object]] = {
    "default": (
        {
            "BACKEND": "concordia_site.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "cache",
            "OPTIONS": {"socket_timeout": 1.0, "socket_connect_timeout": 1.0},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Sessions: with Redis, read through the shared cache and written through to
# the database (one query less on every request, nothing lost when Redis
# restarts; the database is the truth, so a session Redis cannot give is read
# from it); without Redis, in the database alone, which every process shares.
# Either way a sign-out ends the session for every worker at once, and the
# setup wizard's draft (kept in the session) follows its phone to any worker.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db"
    if REDIS_URL
    else "django.contrib.sessions.backends.db"
)
# What the web processes and the workers share about queued tasks (at most one
# statistics refresh queued per club×game, `stats.coalesce`): Redis beside the
# broker, failing as fast as the broker does; without Redis, this process.
CACHES["tasks"] = (
    {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "tabularium",
        "OPTIONS": {"socket_timeout": 1.0, "socket_connect_timeout": 1.0},
    }
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "tasks",
    }
)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
# A request that saves a game must not hang on a dead or hung broker: fail fast,
# and let the pending sweep below catch up on whatever was not enqueued.
CELERY_BROKER_CONNECTION_TIMEOUT = 1.0
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# No publish retries: Celery retries a failed publish 3 times by default, each
# try waiting out the socket timeout again, so a save took 5.6 s when a Redis
# the app was already connected to hung (accepting, never answering). One try
# is bounded by socket_timeout; the StatsChange row keeps the work.
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A task a worker took but never acknowledged (acks_late: the worker died
    # mid-task) goes back to the queue this many seconds after delivery. A
    # task running longer than this is delivered again while it runs; the
    # stats tasks are idempotent and serialised by a row lock, so that is only
    # wasted work.
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 60),
    # Look for such tasks every 10 s (kombu's default looks every 100 s), so a
    # dead worker's task runs again about a minute later.
    "unacked_restore_throttle": 1,
    "socket_timeout": 1.0,
    "socket_connect_timeout": 1.0,
    "max_retries": 0,
}
CELERY_REDIS_SOCKET_TIMEOUT = 1.0
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1.0
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # Every minute: enqueue a refresh of every club×game with changes still
    # pending (a save while the broker was down or hung, a task lost with a
    # Redis restarted without persistence). One query when nothing is pending;
    # a sweep no worker took within the minute expires, so none pile up.
    "stats-refresh-pending": {
        "task": "stats.tasks.stats_refresh_pending_task",
        "schedule": crontab(),
        "options": {"expires": 50},
    },
    # Every night at 03:30 UTC: recompute every club's statistics from scratch,
    # which also applies any game whose refresh never reached a worker.
    "stats-rebuild-nightly": {
        "task": "stats.tasks.stats_rebuild_all_task",
        "schedule": crontab(hour=3, minute=30),
    },
    # Every hour, on the hour: remove for good the games deleted more than a
    # day ago (until then "Undo" on the club's page brings them back).
    "games-purge-deleted": {
        "task": "games.tasks.session_purge_deleted_task",
        "schedule": crontab(minute=0),
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"client_error": {"()": "concordia_site.errors.ClientErrorLog"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["client_error"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["client_error"],
        },
    },
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "root": {
        "handlers": ["console"],
        "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
    },
    "loggers": {
        # django-axes announces itself at every start, on every management command.
        "axes.apps": {"level": "WARNING"},
        # Django's default logging gives "django" a console handler of its own
        # under DEBUG: every 4xx line came twice. The root's handler prints it.
        "django": {"handlers": [], "level": "INFO"},
        # runserver's access lines (its own handler: they do not propagate).
        "django.server": {
            "handlers": ["django.server"],
            "level": "INFO",
            "propagate": False,
        },
    },
}
if not REDIS_URL:
    # Eager tasks run inside the request: "Task … succeeded in 0.01s" after
    # every save is noise in `make run`'s terminal (a worker still logs it).
    cast(dict[str, object], LOGGING["loggers"])["celery.app.trace"] = {
        "level": "WARNING"
    }
