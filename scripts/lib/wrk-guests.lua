-- wrk script for the bench (scripts/bench.mjs): `done` prints one JSON line with the figures the
-- bench reports. For the mixed load, each request asks for the next guest path of WRK_PATHS
-- (space-separated) with Accept-Encoding: br; each thread starts at its own offset, so the guests
-- are spread over every guidebook rather than moving through the list in step. For the bench's
-- rows (WRK_PATHS unset) no `request` is defined: wrk sends its own request, the URL with the -H
-- headers, built once, which costs the client least.
local paths = {}
for p in string.gmatch(os.getenv("WRK_PATHS") or "", "%S+") do paths[#paths + 1] = p end

local counter = 0
local thread_count = 0
local requests = {}

function setup(thread)
  thread:set("offset", thread_count * 7)
  thread_count = thread_count + 1
end

if #paths > 0 then
  -- Each request is formatted once: wrk.format per request would cost the client CPU the server
  -- needs (both share the machine's cores).
  function init(args)
    counter = offset or 0
    for i, p in ipairs(paths) do requests[i] = wrk.format("GET", p, { ["Accept-Encoding"] = "br" }) end
  end

  function request()
    counter = counter + 1
    return requests[(counter % #requests) + 1]
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect, e.read, e.write, e.timeout))
end
