# Tabularium: every set-up step lives here, so that a fresh machine with only
# Python and make needs just `make run` or `make test`.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Where `make test` looks for the real services (this machine and CI have both).
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/postgres
REDIS_TEST_URL ?= redis://127.0.0.1:6379/15
# The browser the real-browser tests drive (Debian's chromium package).
CHROMIUM ?= /usr/bin/chromium
# `make load`'s Redis database (emptied afterwards; the run refuses one in use)
# and extra arguments for scripts/load.py (e.g. LOAD_ARGS=--fresh). Its scratch
# database is tabularium_load, or LOAD_DATABASE from the environment.
LOAD_REDIS_URL ?= redis://127.0.0.1:6379/12
LOAD_ARGS ?=

export PYTHONDONTWRITEBYTECODE := 1

# The translation catalogues makemessages writes (English is the source).
LOCALES := pt_BR es fr uk
MAKEMESSAGES_OPTIONS := --no-location --no-obsolete --ignore=.venv --ignore=tests --ignore=staticfiles \
	--ignore=scripts --ignore=docs

.PHONY: help install run serve demo migrate test check lint format typecheck \
        migrations-check unit test-sqlite test-postgres test-services e2e test-e2e \
        audit bench load clean catalogues messages gettext

help:
	@echo "make run    - set up (.venv, install, migrate, demo data) and serve on http://$(HOST):$(PORT)"
	@echo "make test   - set up and run every check (format, lint, types, migrations, tests)"
	@echo "make bench  - measure the engine, the live-preview request and the statistics"
	@echo "make load   - gunicorn on PostgreSQL under load (wrk): the issue #7 targets"
	@echo "make lint   - ruff format --check, ruff check, mypy, lint-imports (docs/architecture.md)"
	@echo "make messages - update locale/*/LC_MESSAGES/django.po from the code (needs GNU gettext)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

install: $(STAMP)

# The compiled catalogues (*.mo, never committed), in pure Python with Babel:
# no GNU gettext needed to run or test.
catalogues: install
	@$(BIN)/python scripts/compile_messages.py

# GNU gettext's xgettext, which makemessages (and its check in the tests) needs:
# installed with apt where it is missing and this user may (root).
gettext:
	@if ! command -v xgettext >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "== xgettext is missing: installing Debian's gettext"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext || exit 1; \
		else \
			echo "== xgettext is missing (sudo apt-get install gettext): the makemessages check will fail"; \
		fi; \
	fi

# New or changed strings into every catalogue; the translators fill them in.
messages: install gettext
	$(BIN)/python manage.py makemessages $(foreach l,$(LOCALES),-l $(l)) $(MAKEMESSAGES_OPTIONS)

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py load_demo

run: demo catalogues
	@echo "Sign in at http://$(HOST):$(PORT)/ as demo / concordia-demo"
	DJANGO_RUNSERVER_HIDE_WARNING=true $(BIN)/python manage.py runserver $(HOST):$(PORT)

format: install
	$(BIN)/ruff format .

lint: install
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy .
	$(BIN)/lint-imports

migrations-check: install
	$(BIN)/python manage.py makemigrations --check --dry-run

# The suite runs in full once, on PostgreSQL where it is up (as on this machine
# and CI), in parallel over the machine's cores (pytest-xdist); SQLite then runs
# the tests whose behaviour can differ by database (marked both_databases:
# triggers, constraints, migrations, transactions, races, the backup drill).
# Without PostgreSQL, the full suite runs on SQLite instead.
XDIST ?= -n 2
test-sqlite: install catalogues gettext
	@if $(BIN)/python scripts/service_up.py "$(PG_TEST_URL)"; then \
		echo "== SQLite: the tests whose behaviour differs by database (the full suite runs on PostgreSQL)"; \
		$(BIN)/pytest -m "both_databases and not services and not e2e" $(XDIST) -q; \
	else \
		echo "== PostgreSQL is not reachable at $(PG_TEST_URL): the full suite runs on SQLite"; \
		$(BIN)/pytest -m "not services and not e2e" $(XDIST); \
	fi

# The full suite on PostgreSQL, where it is running.
test-postgres: install catalogues
	@if $(BIN)/python scripts/service_up.py "$(PG_TEST_URL)"; then \
		echo "== PostgreSQL is up: running the full suite on it"; \
		DATABASE_URL="$(PG_TEST_URL)" $(BIN)/pytest -m "not services and not e2e" $(XDIST) -p no:randomly -q; \
	else \
		echo "== PostgreSQL is not reachable at $(PG_TEST_URL): the full suite ran on SQLite"; \
	fi

# Tests that need a real broker, worker and database. The Redis test database is
# emptied afterwards: the tasks the race tests enqueue have no worker to take them.
test-services: install catalogues
	@if $(BIN)/python scripts/service_up.py "$(PG_TEST_URL)" && $(BIN)/python scripts/service_up.py "$(REDIS_TEST_URL)"; then \
		echo "== PostgreSQL and Redis are up: running the service tests"; \
		DATABASE_URL="$(PG_TEST_URL)" REDIS_URL="$(REDIS_TEST_URL)" $(BIN)/pytest -m services -p no:randomly; \
		status=$$?; \
		$(BIN)/python -c "import redis; redis.Redis.from_url('$(REDIS_TEST_URL)').flushdb()"; \
		exit $$status; \
	else \
		echo "== PostgreSQL or Redis is not reachable: the service tests are NOT run"; \
	fi

test: lint migrations-check test-sqlite test-postgres test-services test-e2e

# Real-browser tests: Playwright's Python package driving Debian's Chromium at
# phone size; screenshots land in artifacts/e2e/. Installs chromium with apt
# where it is missing and this user may (root), and says what to do otherwise.
e2e: install catalogues
	@chromium="$(CHROMIUM)"; \
	if [ ! -x "$$chromium" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "== $$chromium is missing: installing Debian's chromium"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium || exit 1; \
			chromium=/usr/bin/chromium; \
		else \
			echo "== $$chromium is missing: install Debian's chromium (sudo apt-get install chromium)"; \
			exit 1; \
		fi; \
	fi; \
	CHROMIUM="$$chromium" $(BIN)/pytest -m e2e $(XDIST) -p no:randomly -q

# `make test` runs the real-browser tests where Chromium is installed, or can
# be (root with apt: `make e2e` installs it); elsewhere it says it skips them.
test-e2e: install catalogues
	@if [ -x "$(CHROMIUM)" ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; }; then \
		$(MAKE) --no-print-directory e2e; \
	else \
		echo "== $(CHROMIUM) not found, and only root can install it with apt: the real-browser tests are NOT run (sudo make e2e)"; \
	fi

# Static analysis of our code (no medium or high finding allowed) and the known
# vulnerabilities of every installed package; pip-audit says "not run" where
# its vulnerability service cannot be reached.
audit: install
	@status=0; \
	$(BIN)/bandit -c pyproject.toml -r . --severity-level medium -q || status=1; \
	$(BIN)/python scripts/audit_dependencies.py || status=1; \
	exit $$status

bench: install
	$(BIN)/python scripts/bench.py
	$(BIN)/python scripts/bench_assistant.py
	@if $(BIN)/python scripts/service_up.py "$(PG_TEST_URL)"; then \
		BENCH_PG_URL="$(PG_TEST_URL)" $(BIN)/python scripts/bench_stats.py; \
	else \
		echo "== PostgreSQL is not reachable at $(PG_TEST_URL): the statistics benchmark is NOT run"; \
	fi

# gunicorn (2 workers) on PostgreSQL, driven by wrk on loopback; the figures go
# to artifacts/load/. Installs Debian's wrk where it is missing and this user
# may (root), and says what is NOT run otherwise.
load: install
	@if ! command -v wrk >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "== installing Debian's wrk"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; \
	fi
	@if ! command -v wrk >/dev/null; then \
		echo "== wrk is missing (sudo apt-get install wrk): the load run is NOT run"; \
	elif ! $(BIN)/python scripts/service_up.py "$(PG_TEST_URL)"; then \
		echo "== PostgreSQL is not reachable at $(PG_TEST_URL): the load run is NOT run"; \
	elif ! $(BIN)/python scripts/service_up.py "$(LOAD_REDIS_URL)"; then \
		echo "== Redis is not reachable at $(LOAD_REDIS_URL): the load run is NOT run"; \
	else \
		LOAD_PG_URL="$(PG_TEST_URL)" LOAD_REDIS_URL="$(LOAD_REDIS_URL)" \
			$(BIN)/python scripts/load.py $(LOAD_ARGS); \
	fi

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .hypothesis .mypy_cache .ruff_cache
