-- One phase of `make load` (scripts/load.py runs wrk with this script).
--
--   wrk -t<threads> -c<connections> -d<seconds> -s phase.lua <url> -- \
--       <rate> <threads> <expected status> [<requests file> <once|cycle> [<reject>]]
--
-- rate: requests per second over all threads; 0 runs a closed loop (each
-- connection sends its next request as soon as the last one is answered).
--
-- The requests file holds one request a line, "METHOD<TAB>PATH<TAB>BODY"
-- (the body form-encoded). Thread i takes lines i, i + threads, ...; "once"
-- stops the thread when its lines run out (each save goes to a draft game of
-- its own), "cycle" starts them again. Without a file, every request is a GET
-- of the URL's path.
--
-- A response counts as good only with the expected status; a redirect to the
-- sign-in page never does (a lost session must not pass for a save), nor a
-- body that holds the text <reject> (the assistant answers a refused or
-- conflicting move with 200 and an alert in the fresh panel).
--
-- Paced phases run one connection per thread: each response then belongs to
-- the one request in flight, so its latency is measured from the moment the
-- schedule said to send it, as wrk2 does. A server that falls behind shows
-- the queueing in its percentiles instead of silently lowering the rate
-- (coordinated omission).
--
-- done() prints one line, "LOAD-RESULT " and JSON, for the driver.

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } load_timespec;
int clock_gettime(int clock_id, load_timespec *tp);
]]
local CLOCK_MONOTONIC = 1
local timespec = ffi.new("load_timespec")

local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, timespec)
  return tonumber(timespec.tv_sec) * 1000 + tonumber(timespec.tv_nsec) / 1e6
end

-- Main state: every thread, for done().
local threads = {}

function setup(thread)
  thread:set("index", #threads)
  table.insert(threads, thread)
end

-- Thread state. `index` is set by setup() before init() runs.
local requests = {}
local next_request = 1
local cycle = true
local expect = 200
local step_ms = nil
local next_slot = nil
local scheduled = nil
local static_request = nil
local spare_request = nil
local verifying = false
local reject = nil

good = 0
bad = 0
statuses = {}
latencies = {}
first_ms = nil
last_ms = nil
exhausted = false

local function format(method, path, body)
  local headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  if body ~= nil and body ~= "" then
    headers["Content-Type"] = "application/x-www-form-urlencoded"
  else
    body = nil
  end
  return wrk.format(method, path, headers, body)
end

function init(args)
  -- The URL's own path: what a thread sends once its lines have run out, in
  -- the moment before it stops (the driver gives the floor view's path).
  spare_request = format("GET", wrk.path, nil)
  -- wrk calls request() once in the first thread, before the run, to check
  -- what it returns: that call must not use up a line.
  verifying = index == 0
  local rate = tonumber(args[1])
  local count = tonumber(args[2])
  expect = tonumber(args[3])
  if args[4] ~= nil then
    cycle = args[5] == "cycle"
    if args[6] ~= nil and args[6] ~= "" then
      reject = args[6]
    end
    local line_number = 0
    for line in io.lines(args[4]) do
      if line_number % count == index then
        local method, path, body = line:match("^([^\t]*)\t([^\t]*)\t?(.*)$")
        table.insert(requests, format(method, path, body))
      end
      line_number = line_number + 1
    end
  else
    static_request = spare_request
  end
  if rate > 0 then
    step_ms = 1000 * count / rate
    -- The threads' schedules interleave: thread i starts i / rate later.
    next_slot = now_ms() + 1000 * index / rate
  else
    -- wrk only asks for a delay when the script defines one.
    delay = nil
  end
end

function delay()
  local now = now_ms()
  scheduled = next_slot
  next_slot = next_slot + step_ms
  -- wrk waits whole milliseconds: round up, never send before the slot.
  return math.max(0, math.ceil(scheduled - now))
end

function request()
  if verifying then
    verifying = false
    return spare_request
  end
  if first_ms == nil then
    first_ms = now_ms()
  end
  if static_request ~= nil then
    return static_request
  end
  if next_request > #requests then
    if cycle then
      next_request = 1
    else
      exhausted = true
      wrk.thread:stop()
      return spare_request
    end
  end
  local req = requests[next_request]
  next_request = next_request + 1
  return req
end

function response(status, headers, body)
  local now = now_ms()
  last_ms = now
  local location = headers["Location"] or ""
  local refused = reject ~= nil and body ~= nil and body:find(reject, 1, true)
  if status == expect and not location:find("/accounts/login/", 1, true)
      and not refused then
    good = good + 1
  else
    bad = bad + 1
    statuses[status] = (statuses[status] or 0) + 1
  end
  if scheduled ~= nil then
    latencies[#latencies + 1] = now - scheduled
    scheduled = nil
  end
end

local function json(value)
  local kind = type(value)
  if kind == "table" then
    local parts = {}
    for key, item in pairs(value) do
      parts[#parts + 1] = string.format("%q:%s", tostring(key), json(item))
    end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif kind == "number" then
    return string.format("%.17g", value)
  elseif kind == "boolean" then
    return tostring(value)
  elseif value == nil then
    return "null"
  end
  return string.format("%q", value)
end

local function percentile(sorted, p)
  if #sorted == 0 then
    return nil
  end
  return sorted[math.max(1, math.ceil(#sorted * p / 100))]
end

function done(summary, latency, _requests)
  local result = {
    good = 0,
    bad = 0,
    statuses = {},
    exhausted = false,
    errors = {
      connect = summary.errors.connect,
      read = summary.errors.read,
      write = summary.errors.write,
      timeout = summary.errors.timeout,
    },
  }
  local first, last = nil, nil
  local scheduled_latencies = {}
  for _, thread in ipairs(threads) do
    result.good = result.good + thread:get("good")
    result.bad = result.bad + thread:get("bad")
    for status, count in pairs(thread:get("statuses")) do
      local key = tostring(status)
      result.statuses[key] = (result.statuses[key] or 0) + count
    end
    for _, value in ipairs(thread:get("latencies")) do
      scheduled_latencies[#scheduled_latencies + 1] = value
    end
    result.exhausted = result.exhausted or thread:get("exhausted")
    local thread_first, thread_last = thread:get("first_ms"), thread:get("last_ms")
    if thread_first ~= nil and (first == nil or thread_first < first) then
      first = thread_first
    end
    if thread_last ~= nil and (last == nil or thread_last > last) then
      last = thread_last
    end
  end
  result.seconds = (first ~= nil and last ~= nil) and (last - first) / 1000 or 0
  -- From sending to the whole answer, in milliseconds (wrk's histogram).
  result.service_ms = {
    p50 = latency:percentile(50) / 1000,
    p95 = latency:percentile(95) / 1000,
    p99 = latency:percentile(99) / 1000,
    max = latency.max / 1000,
  }
  if #scheduled_latencies > 0 then
    table.sort(scheduled_latencies)
    -- From the scheduled start, in milliseconds: the figure paced phases quote.
    result.scheduled_ms = {
      p50 = percentile(scheduled_latencies, 50),
      p95 = percentile(scheduled_latencies, 95),
      p99 = percentile(scheduled_latencies, 99),
      max = scheduled_latencies[#scheduled_latencies],
    }
  end
  io.write("LOAD-RESULT " .. json(result) .. "\n")
end
