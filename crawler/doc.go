// Package crawler implements `cupertino fetch`: a breadth-first crawl of
// Apple's documentation that stores each page's DocC render JSON, the git
// fetch of the Swift sources (FetchGit), and the fetchers of sample code,
// Swift packages and WWDC sessions (see # Other sources).
//
// # Crawl
//
// The crawl starts at the technologies page (Config.StartURL) and the
// allowed prefixes, and follows every documentation link of each page: the
// url of every reference, and the identifiers of topicSections,
// relationshipsSections, seeAlsoSections, hierarchy paths and the
// technologies page's sections. A page is identified by its canonical
// apple-docs:// URI (internal/docuri), so two spellings of one page (any
// case, percent-escaped or not, doc:// identifier, absolute URL or
// /documentation/ path) are one page; it is fetched under the path it was
// first found at, lower-cased, as the site serves it.
// Config.Origin is the site: every URL on it counts as developer.apple.com, so
// tests and benchmarks point it at a fakeapple server on 127.0.0.1.
//
// # Engines
//
// The HTTP engine GETs <origin>/tutorials/data/documentation/<path>.json with
// a keep-alive pool sized to the workers and an honest User-Agent. An answer
// that is a stand-in for the page (a 403, an HTML shell, "null", a page
// without a title) goes to the browser engine: headless Chromium, one
// process with a bounded pool of reused tabs, loads /documentation/<path> and
// captures, from the tab's network events (Network.responseReceived,
// loadingFinished, getResponseBody), the JSON that the page's own script
// fetched; the request is never replayed outside the browser, since the site
// may gate it on a cookie the page sets. Without Chromium the crawl goes on
// over HTTP and records such pages as failures.
//
// # Hostile answers
//
// Nothing from another host than Config.Origin is stored or even requested:
// HTTP follows redirects within the origin only, and a redirect elsewhere is
// a failure ("redirect to another host (x) refused"); the browser captures
// JSON from the origin only, each tab blocks other hosts, and the whole
// browser reaches them through a proxy that refuses every request, so
// service workers and opened windows stay on the origin too. A page body
// past Config.MaxPageBytes (16 MiB by default, decoded: a gzip bomb counts
// at its decoded size) is a failure, never stored cut short; at most two
// bodies past 1 MiB are in memory at once, whatever the worker count.
// Config.Timeout bounds each request, headers and body together, so a
// server that trickles bytes or never answers costs that long and no more.
// None of these is retried but the timeout. The browser's profile and the
// directory Chromium keeps its singleton socket in are removed when it
// ends, and by the next fetch after a kill.
//
// 429 and 503 honour Retry-After; they, 5xx, malformed bodies and network
// errors are retried with exponential backoff and jitter, a bounded number
// of times (RetryPolicy). A 404 is a dead link: recorded and reported, not
// retried, and not a failure. Request starts are spaced by RequestDelay
// across all workers.
//
// # Output directory
//
// Pages are stored at PagePath(uri), e.g. swiftui/view.json, as canonical
// JSON (canonjson: sorted keys, no insignificant whitespace), written
// through a temporary file and a rename, and only when their SHA-256 differs
// from the stored file's, so a re-run with nothing changed writes no page.
// The mapping is reversible (URIFromPagePath) and safe on Linux and macOS:
// see PagePath. `cupertino save --docs-dir <output-dir>` reads the tree as it
// is. Nothing but pages ends in .json outside the metadata directory.
//
// The crawler's own files live in <output-dir>/.cupertino-fetch/crawls/<key>/,
// where key is derived from the start URI and the prefixes:
//
//   - journal.jsonl: one line per finished page, appended as it finishes:
//     uri, url (the path fetched), depth, status (ok, missing = 404,
//     failed), hash (hex SHA-256 of the stored canonical JSON), written
//     (false: unchanged), file, engine, attempts, err and crawledAt. It is
//     the per-page metadata of the latest crawl and the record of failures.
//   - checkpoint.state: JSON with the visited set (done, missing, failed)
//     and the queue, rewritten atomically every CheckpointEvery, with the
//     journal size it covers. A killed crawl resumes from it and replays the
//     journal written after it (re-reading those pages' links from the
//     stored files), so nothing is lost and no stored page is fetched again;
//     a crawl stopped at MaxPages continues the same way. A finished crawl,
//     with failures or without, is followed by a new one, which refreshes
//     every page (unchanged pages are not rewritten) and so retries the
//     failed ones. StartClean discards the checkpoint.
//
// # Other sources
//
// FetchSamples and FetchPackages keep a shallow bare clone of each repository
// under <output-dir>/.cupertino-fetch/git and export the text files the save
// readers take from its tree with git cat-file: no working tree, so no
// checkout filters and no need for git-lfs (an LFS pointer is read as the
// small text file it is, and dropped, as are files with a NUL byte and files
// past MaxFileBytes). An export rewrites only files whose blob changed and
// removes files gone upstream; its manifest grows before it writes, so a
// killed export is finished by the next run. A failed fetch leaves the last
// export as it was.
//
// FetchWWDC reads the session list from /videos/all-videos/ and each session
// page's details, transcript and code supplements into
// videos/<year>-<id>.json, through the crawl's HTTP engine, limits, retries,
// checkpoint and journal (crawls/wwdc-<key>/).
//
// A crawl with failures returns ErrIncomplete; an interrupted one returns the
// context's error. Progress (pages, rate, queue, failures, ETA) and a final
// summary go to Config.Progress.
package crawler
