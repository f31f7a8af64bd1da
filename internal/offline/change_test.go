package offline

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestChangesIn: the ways a person tells that a value changed give the
// old and the new value (or the setting and the new value); requests,
// questions, plans, denials and observations give none.
func TestChangesIn(t *testing.T) {
	tests := []struct {
		sentence, next string
		want           string // "old>new", "setting terms=new", joined by "; "
	}{
		{"we moved the cache from memcached to valkey last sprint", "", "memcached>valkey"},
		// a move told in the present, nothing named between the verb
		// and "from"; a name of several capitalised words whole; a unit
		// between the new value and "instead of"
		{"Decision from our team: we move from pandas to polars, whole library.", "", "pandas>polars"},
		{"The trustees have moved the association's account from Barclays to Unity Trust Bank, with effect from 1 February.", "", "barclays>Unity Trust Bank"},
		{"we moved the runner from Travis to Drone Monday", "", "travis>Drone"},
		{"The depot has 18 chargers now instead of 12.", "", "12>18"},
		{"the post just has to move from drafts to posts with a date.", "", ""},
		{"My colleague and I have agreed to switch from ormolu to fourmolu, since we like four spaces.", "", "ormolu>fourmolu"},
		{"App Center is being retired, and after a long discussion we've moved the test distribution to Firebase App Distribution.", "", "app center>Firebase App Distribution"},
		{"we are moving everything from nbg1 to hel1, the customer wants finland", "", "nbg1>hel1"},
		{"switching the queue from sqs-a to sqs-b today", "", "sqs-a>sqs-b"},
		{"we are moving the Celery broker off Redis and onto RabbitMQ, which they already run", "", "redis>RabbitMQ"},
		{"staging db: pg-blue.internal -> pg-green.internal as of this morning", "", "pg-blue.internal>pg-green.internal"},
		// a value something else now holds is the one given up; the
		// one that took over is written about as long
		{"8000 collides with the metrics sidecar we added.", "dev server is on 8081 now.", "8000>8081"},
		{"Port changed because 4567 collides with another service on the box.", "workers 2", ""},
		// an option set to a new value names the setting
		{"lualatex handles them fine, so I have switched the Makefile to --pdf-engine=lualatex, please use that.", "", "pdf engine=lualatex"},
		// a value told as the reason for a change is not its value
		{"the new gateway sidecar binds port 3000 on everyone's machine, so we moved the API itself.", "", ""},
		// arrows in a chain are steps of a flow
		{"a diagram of how the simulator steps work (read config -> integrate -> write output) now", "", ""},
		{"New route: orders.in -> enrich from ERP -> REST to warehouse.", "", ""},
		// "updated" sets a value as "bumped" does; one's own machine is
		// no qualifier when another place joins it
		{"I updated TinyGo to 0.33 on my laptop and in the CI workflow!", "", "tinygo=0.33"},
		{"I updated TinyGo to 0.33 on my laptop.", "", ""},
		// who gave a thing up is no value given up: the verb's object is
		{"the DBA dropped looker_scratch over the weekend, the pdt schema is lkr_pdt now.", "", "pdt schema=lkr_pdt"},
		{"ports now: 8080 -> 8081, 6379 -> 6380", "", "8080>8081; 6379>6380"},
		{"we ditched jest, it's vitest now", "", "jest>vitest"},
		// a value said to go from one to another, with no verb of
		// change
		{"the cut-off in words.tsv goes from 50 to 60.", "", "50>60"},
		{"carryover cap goes down from 160 to 120 hours.", "", "160>120"},
		// a value after "so" is no state of a degree
		{"yep so 3.12.1 from now, the 3.11 one is gone from my machine.", "", "3.11>3.12.1"},
		// the setting unnamed, the one other value written the same
		// way is the one left
		{"Bumped us to 5.2 LTS because 5.1 has the leak.", "", "5.1>5.2"},
		{"Bumped us to 5.2 LTS because 5.1 and 4.9 have the leak.", "", ""},
		// a number in a unit said to hold now, then the one it is not
		{"new captures are recorded at 2.4 Msps now, not 1 Msps", "", "1 msps>2.4 Msps"},
		// a value held and, after a comma, the one it is not
		{"so now we run 7.4, not 7.2.", "", "7.2>7.4"},
		// a name replaced goes on with its model
		{"the lab replaced the Pixel 6 with the Pixel 8a last week", "", "pixel 6>Pixel 8a"},
		// "not more" is "no more" in some people's English
		{"now the SDK is 6.4, not more 5.1, because the new one has better errors", "", "5.1>6.4"},
		{"mocha is gone. ", "the specs go through vitest now", "mocha>vitest"},
		{"please use bun instead of node, we switched last week", "", "node>bun"},
		{"traefik was replaced by caddy in the summer", "", "traefik>caddy"},
		{"the docs site is on 4.2 now", "", "doc site=4.2"},
		// the value a word of giving up names is the one gone
		{"Netlify's build image dropped Node 18 so I bumped it, the .nvmrc is updated.", "", ""},
		// nor is the value a change comes from held: it is left
		{"Note also that the instance was migrated from PeerTube 5.2 by central IT last summer.", "", ""},
		{"Please make it the default now: the controller is Regulated Pure Pursuit, and DWB goes out of nav2_params.yaml completely.", "", ""},
		// the value given up is whole, however it is followed
		{"the file is called embed.js now not widget.js (customers get it from /v1/).", "", "widget.js>embed.js"},
		// one plugin of a family added and another removed swap; a
		// judgement of the next sentence is no value
		{"I have already added target-bigquery in meltano.yml and removed target-snowflake, the dataset is again raw_sales.", "", "target-snowflake>target-bigquery"},
		{"I removed tests/old_fixture.py and added conftest.py.", "", ""},
		// a word of giving up after a conjunction is the next thing's
		{"we used Slate before this site and deprecated stuff just disappeared there, people were furious.", "", ""},
		{"I have already added the new loader in meltano.yml and removed the old one, the dataset is again raw_sales.", "Please check the config is right.", ""},
		// a directory written with its trailing slash is a value
		{"docs are in content/ now, app router.", "", "doc=content/"},
		// but only as the place things are in: "fix/" here is a prefix
		{"hotfix branches start with fix/ from now on", "", ""},
		{"as of this week the target frameworks are net8.0-android and net8.0-ios", "", "target framework=net8.0-android"},
		{"we upgraded the lambdas to nodejs 22", "", "lambda nodej=22"},
		{"just so you know, the ops folks upgraded the runners: we are now on ubuntu 24.04 and 22.04 has been removed", "", "22.04>24.04"},
		{"grpc only from here on, the rest gateway is deleted", "", "rest>grpc"},
		{"I renamed the Billing module to Invoicing yesterday", "", "billing>Invoicing"},
		{"shard is 7 now, old 4 shard decommissioned", "", "4>7"},
		// a verb before the old number names no program of it
		{"admin ui 9300 now the exporter grabbed 9200", "", "9200>9300"},
		{"queue worker 7100 now, grafana took 7000", "", "7000>7100"},
		{"cache.db is gone we moved everything to redis yesterday REDIS_URL is in the vault now", "", "cache.db>redis"},
		{"the exporter no longer writes to /var/spool/in.", "Files now land in /srv/drop, the old spool is deleted", "/var/spool/in>/srv/drop"},
		{"bump node we're on 22 now fix the Dockerfile", "", "bump node=22"},
		{"Kafka is dead to me.", "", ""},
		{"we gave up on the sht31 sensor, the new one is an aht20", "", "sht31>aht20"},
		// moved off a tool; a lock file stands for the tool that writes it
		{"we migrated the monorepo off lerna to turborepo over the break", "", "lerna>turborepo"},
		{"we switched the service to uv last week, the poetry.lock is gone", "", "poetry>uv"},
		{"we moved the docs site to yarn, the package-lock.json is gone", "", "npm>yarn"},
		{"package-lock.json is deleted, pnpm-lock.yaml is the lockfile now", "", "npm>pnpm"},
		{"so I moved the project to pnpm, I deleted package-lock.json and there is pnpm-lock.yaml now", "", "npm>pnpm"},
		{"we moved the workspace to pnpm over the weekend, package-lock is gone.", "", "npm>pnpm"},
		{"the build directory is now /srv/yocto/build-acme, and the old build-rpi directory will be deleted next week", "", "build-rpi>/srv/yocto/build-acme"},
		{"I moved the search box off the header to the sidebar", "", ""},
		{"exports don't go to T:\\Shared\\Out anymore, it's \\\\nas2\\out now", "", "t:\\shared\\out>\\\\nas2\\out"},
		{"the build box has gcc 14.1 now instead of 13.2, do the flags need anything?", "", "13.2>14.1"},
		// a question after ", and": a clause of its own
		{"the print server has cups 2.5 now instead of 2.4, and I wonder whether the driver still loads?", "", "2.4>2.5"},
		{"is the print server on cups 2.5 now, and does the driver still load?", "", ""},
		{"the old metrics.internal host goes away in May, it's https://obs.example.net/v2 now", "", "metrics.internal>https://obs.example.net/v2"},
		{"As of today the runners use debian-12 rather than debian-11.", "", "debian-11>debian-12"},
		{"we bumped the timeout from 30 to 90 just for the load test", "", ""},
		{"for the soak test I raised the heap from 2g to 6g, put it back afterwards", "", ""},
		{"dropped Bootstrap, the styles are our own in styles/core now, the npm package removed", "", "bootstrap>styles/core"},
		{"pinned the maps sdk version to 2025-01-15 in the app, the old 2024-02-01 one is deprecated", "", "2024-02-01>2025-01-15"},
		{"tslint is out, we lint with oxlint now", "", "tslint>oxlint"},
		{"topic got renamed, orders-events is now orders-events-v3", "", "orders-events>orders-events-v3"},
		{"the build is now green", "", ""},
		// a state said of something else is no new value
		{"Sass is gone since spring, the memory file is stale.", "", ""},
		// "locally" names where a thing runs, not a change made for a
		// while; "only locally" is one
		{"8080 clashes with the Grafana I run locally, so the server is on 9090 now.", "", "8080>9090"},
		{"just locally, the server is on 9090 now", "", ""},
		// a place a thing goes to now, rather than the old one; the
		// value said to hold now, then the one it is not; a phrase that
		// goes on after "rather than" gives no value up
		{"From this quarter all nightly backups are now written to nas-b rather than nas-a.", "", "nas-a>nas-b"},
		{"session store valkey now, not memcached.", "", "memcached>valkey"},
		{"from now on the fixtures go in testdata/ rather than next to the tests", "", ""},
		// a place said held now "and not" the old one, or "not in" it
		{"the third-party libs I moved, they are now in extern/ and not vendor/, the build must look there.", "", "vendor/>extern/"},
		{"Since last week the photos are now archived under cold/ but not under hot/.", "", "hot/>cold/"},
		{"the nightly dumps now land in s3://dumps-eu, not in s3://dumps-us.", "", "s3://dumps-us>s3://dumps-eu"},
		// a rule said with a bare "not" changes nothing
		{"from now on deploy to staging, not prod.", "", ""},
		{"we use pytest now, not because unittest is bad", "", ""},
		{"now that we're in production rather than staging, be careful", "", ""},
		{"It's Tuesday now, not Monday.", "", ""},
		// "we dropped X": the name is the word after the verb, not the verb
		{"We dropped Bulma. Everything new uses Pico CSS.", "", "bulma>Pico CSS"},
		{"prod moved to eu.api.example.com, the api-old one is being shut down", "", "api-old>eu.api.example.com"},
		{"we run on Jetty 12 now; the Tomcat 9 boxes are history", "", "tomcat 9>Jetty 12"},
		// a thing's history is no thing gone
		{"I raised the target because I want the new SwiftData history API, and our testers are on 18 anyway.", "", ""},
		{"the cache is on Valkey 8 since Monday (was 7)", "", "7>8"},
		{"the runners were rebuilt on ruby 3.4, nothing older is installed any more", "", "runner ruby=3.4"},
		{"the media-old bucket is read-only now; uploads land in s3://media-prod", "", "media-old>s3://media-prod"},
		// what to stop using names the value given up; of the new
		// values, one written like it ("bun", not the lockfile's name)
		{"moved over to bun last week, the lock is bun.lockb now, stop using yarn for installs", "", "yarn>bun"},
		// "it's X now" after a clause that names the setting; a name
		// joined with hyphens is a value there
		{"the queue host moved to a new vm, it's jobs.corp.lan now", "", "queue host mov new vm=jobs.corp.lan"},
		{"the prod bucket got renamed, it's media-archive now", "", "prod bucket got renam=media-archive"},
		// wordings no pattern knows: the one value of the clause that
		// tells the change, a number by the name before it; a clause
		// with two values says nothing of which one is new
		{"crash dumps land in /data/crash these days, the tmp partition kept filling", "", "crash dump land day=/data/crash"},
		{"we support Safari 16 and newer now", "", "safari=16"},
		{"the staging proxy changed, ticket 4411 has proxy2.corp.example in it", "", ""},
		// not a value held: one given up, a measure, a file edited
		{"nightly reports stop landing in /srv/reports/old after the cutover", "", ""},
		{"the report job takes 40 seconds now", "", ""},
		{"I reformatted the web.corp.example vhost, it changed a lot", "", ""},
		// a tool given up ("no more X", "X is dead") and the one taken
		// up in the next sentence ("switching … to Y"); a request that
		// closes the sentence after a dash is not what it tells
		{"recharts is dead.", "switching the dashboards to visx.", "recharts>visx"},
		{"call numbers will no longer be kept in 092.", "they go in 099 now.", "092>099"},
		// what a rule obliges is no setting's value
		{"Going forward, every upload must carry the SHA-256 of the export file in the hash field.", "", ""},
		{"now I use pixel_8_api_35, please start this one when you need to run the app", "", "start one need app=pixel_8_api_35"},
		// a move supposed after a conjunction
		{"And if we ever moved off Netlify to Cloudflare Pages, the build settings would change, but that's not on the table.", "", ""},
		// a thing left out of one use, or a word before "out of", is
		// no thing given up; a thing out of its place is
		{"we leave the 2023 yield layer out of the zoning, the numbers are basically fiction.", "", ""},
		{"big one today which came out of the meeting, reasonably.", "", ""},
		{"bbolt's out of the picture.", "we store sessions in pebble now.", "bbolt>pebble"},
		{"we are dropping yarn for good, the whole repo is pnpm from now on", "", "yarn>pnpm"},
		// a change the person made, told in the past with the setting
		// named before "to"
		{"I moved my editor to helix last month.", "", "editor=helix"},
		{"I moved the banner to the bottom.", "", ""},
		{"we've changed the linter to biome", "", "linter=biome"},
		{"no more moment.js, dates go through dayjs now", "", "moment.js>dayjs"},
		{"the queue is on rabbitmq 4.0 now \u2014 could you bump the client lib?", "", "queue rabbitmq=4.0"},
		{"the staging proxy changed: proxy2.corp.example", "", "stag proxy chang=proxy2.corp.example"},
		{"it's read-only now, the bucket", "", ""},
		// "from now on the X is Y"; a limit told of the old value after
		// it is not the change's
		{"good news, from now on the TARGET_BOARD is nucleo-h743, the old one was just for bring-up", "", "target_board=nucleo-h743"},
		// "only" before a verb names no value held
		{"we're moving the whole cluster to bookworm since bullseye goes out of support and the mirror only serves bookworm now", "", "bullseye>bookworm"},
		{"we raised the heap to 6g now, put it back after the demo", "", ""},
		// a change the team makes told in the present; a plain name is
		// its value (it only rewrites a labelled line, see TestChangedLine)
		{"the sandbox is too flaky, we switch the mail relay to postfix.", "", "mail relay=postfix"},
		{"should we switch the mail relay to postfix?", "", ""},
		// a filler before the name given up is no name; "from now" ends
		// the value held now
		{"okay sendmail is dead for us.", "we relay through postfix from now, sendmail kept bouncing", "sendmail>postfix"},
		// "don't … from X anymore"
		{"we dont deploy from trunk anymore releases ship from release/2026 now", "", "trunk>release/2026"},
		// a hedge after the change is about the telling
		{"I bumped the workers to erlang 27, hope that is fine, perhaps the readme should say so", "", "worker erlang=27"},
		// the port of an address said to be given up: the new address
		{"the docs preview is served at http://127.0.0.1:8800 (not 8000 anymore)", "", "8000>http://127.0.0.1:8800"},
		// requests, questions, plans, denials and observations
		{"p99 dropped from 800 to 300 after the cache, nice", "", ""},
		{"port 5432 was taken on my laptop so I ran postgres on 5433", "", ""},
		{"in my other repo we moved from jest 27 to vitest 1.6, no regrets", "", ""},
		{"bump the retry count from 3 to 5 in this test", "", ""},
		{"could we move from jest to vitest?", "", ""},
		{"if we ever switch to caddy the certs move too", "", ""},
		{"perhaps we upgrade the workers to erlang 27, I'm not sure", "", ""},
		{"stop using yarn for the docs build", "", ""},
		{"we didn't move to valkey after all", "", ""},
		{"the p95 went from 300 to 120 after the index", "", ""},
		{"use a set instead of a list here", "", ""},
		{"I swapped the fixture for a factory", "", "fixture>factory"},
		// a value called the old one is the one given up
		{"Deploys go to web-blue.prod.internal:443 now, the old web-green host stays up until Friday.", "", "web-green>web-blue.prod.internal:443"},
		{"The archive is now s3://acme-archive-v2/ ; the old acme-cold bucket is read-only.", "", "acme-cold>s3://acme-archive-v2/"},
		{"the old server is slow, nobody likes it", "", ""},
		{"the old one is gone, we use the new one", "", ""},
		// a verb of giving up split around its object; a tool of two
		// words said to hold now
		{"we pulled sentry out last month, it's glitchtip now", "", "sentry>glitchtip"},
		{"we ripped jenkins out.", "it's github actions now, with the cache action.", "jenkins>github actions"},
		// a count set against another is no setting; a unit a
		// setting is written in is
		{"Print at 300 dpi, not 203 dpi.", "", "203 dpi>300 dpi"},
		{"Indent with 4 spaces rather than 2 spaces.", "", "2 spaces>4 spaces"},
		{"We had 40 guests, not 400 guests, at the wedding.", "", ""},
		{"The tent sleeps 4 people, not 2 people.", "", ""},
		{"She ran 10 laps, not 12 laps, this morning.", "", ""},
		{"The recipe needs 2 cups rather than 3 cups of flour.", "", ""},
		// a state said after giving a tool up is no new value
		{"we pulled sentry out and it's pretty calm now", "", ""},
		{"we ripped jenkins out, it's really quiet now", "", ""},
		{"I threw the leftovers out; the fridge is clean now", "", ""},
		{"we dropped the nightly cron, the queue is very quiet now", "", ""},
		{"if we ever rip varnish out the VCL goes too", "", ""},
		{"we took the trash out, it's clean now", "", ""},
		{"bumped the sdk and swapped moment out for dayjs, much smaller", "", "moment>dayjs"},
		// a host no longer used, and a host with its port said in words
		{"the queue isn't on localhost anymore, it's on mq.lab.lan port 5673 now", "", "localhost>mq.lab.lan:5673"},
		{"is the queue not on localhost anymore?", "", ""},
		// two numbers in one unit, the first held
		{"The plotter runs at 115200 baud, not 9600 baud.", "", "9600 baud>115200 baud"},
		{"the nightly run lasts 5 minutes, not 10 minutes", "", ""},
		{"we got 3 replies, not 2 emails", "", ""},
		// the setting, "now", then where it is (nowAtRe)
		{"The backend now is listening on 8081, please change the probe too.", "", "backend=8081"},
		{"the print spooler is now running on spool-02.lab.lan.", "", "print spooler=spool-02.lab.lan"},
		{"the build now is on 3 machines, so it is faster", "", ""},
		{"if the api is now on 9091, why does curl fail?", "", ""},
		// the copula alone before a place; a bare number is no place
		{"facilities rebuilt the lab, the license server now is lic02.lab.lan, the old box she has shut off.", "", "license server=lic02.lab.lan"},
		{"the count now is 5.", "", ""},
		{"the build now is green.", "", ""},
		// the setting, its copula, "now", then the value (nowSetToRe),
		// and a setting that now lives in a place
		{"I tidied the layout: the entrypoint is now src/server.ts, and the handlers moved too.", "", "entrypoint=src/server.ts"},
		{"the kiln log directory is now /var/log/kiln-2.", "", "kiln log directory=/var/log/kiln-2"},
		{"The state bucket has moved: remote state now lives in acme-tfstate-central, please update root.hcl.", "", "remote state=acme-tfstate-central"},
		{"the build is now 40.", "", ""},
		{"the queue is now empty.", "", ""},
		{"is the entrypoint now src/server.ts?", "", ""},
		{"if the entrypoint is now src/server.ts the tests need a new import", "", ""},
		// a plan told after the change, of something else, leaves the
		// change told; one in the clause of the change makes it a plan
		{"I moved the builds to the new server; the build directory is now /srv/yocto/build-acme, and the old directory will be deleted next week.", "", "build directory=/srv/yocto/build-acme"},
		{"the archive share is now /mnt/nas2/photos, the old share goes read-only tomorrow.", "", "archive share=/mnt/nas2/photos"},
		{"next week the build directory is now /srv/yocto/build-acme", "", ""},
		// a long run-on sentence: a qualifier of an earlier clause
		// ("on my laptop") does not cover the news told after it
		{"ok this is a long story, I have the conference badge printer app from the venue running on my laptop now because I'm helping at the desk and it grabs port 5000 for its admin page, so I moved our docs preview server to 5050,", "", "doc preview server=5050"},
		{"just for this test I moved the docs preview server to 5050, and the badge printer app keeps port 5000 for its admin page while the venue still needs it", "", ""},
		{"ok this is a long story, I have the conference badge printer app from the venue running on my laptop now because I'm helping at the desk, so should I move our docs preview server to 5050?", "", ""},
		// a short one too, when the news opens as what followed ("so
		// we moved …"); a qualifier of the news' own clause covers it
		{"my lead set up another project on my laptop that also uses couch and it grabbed 5984 first, so we moved our dev couchdb to port 5985 now.", "", "5984>5985"},
		{"for the load test, we moved our dev couchdb to port 5985.", "", ""},
		{"another project grabbed 5984, so on my laptop we moved our dev couchdb to port 5985 now.", "", ""},
		// or when the clauses before it hand the old value to something
		// else: their qualifier ("on my box", "the other project's") is
		// the cause's
		{"8025 clashes with the mail catcher on my box, the api runs on 8026 now.", "", "8025>8026"},
		{"the other project's postgres has 5432, so our postgres is on 5433 now.", "", "postgre=5433"},
		{"in the other project we moved the api to 8026 now.", "", ""},
		// the value given up after an article and a word of place; the
		// new one a name after a word that tells of it
		{"ops moved the queue off the local Redis onto a proper RabbitMQ instance.", "", "redis>RabbitMQ"},
		// a supposition after a colon, its question set aside
		{"Just wondering: if the infra team ever replaced Jenkins with Drone, would our jobs carry over?", "", ""},
		// a move told in the present
		{"The preview server moves to 4400, I changed the config.", "", "preview server=4400"},
		// a thing installed and called the new one, then its value
		// (installedNewRe)
		{"Big news, I installed the new Solar2D build, 2025.3710, because the old one had the Android 14 crash!", "", "solar2d build=2025.3710"},
		{"we're on the new gateway image v2.4.1 since monday", "", "gateway image=2.4.1"},
		{"did you see the new Solar2D build, 2025.3710?", "", ""},
		// a name renamed with its new name in the next sentence, of
		// the same namespace (sameFamily)
		{"One thing before you go on: config:base was renamed, it's deprecated.", "New presets extend config:recommended, please.", "config:base>config:recommended"},
		{"models/Old.cfg was renamed, please restore it.", "The liveness check runs models/RaftLive.cfg.", ""},
		// the word after "of" is no subject of the verb after it
		{"Also note, the files of drive are not in files/ folder anymore, since last month we put them in MinIO, the bucket name is misskey-drive.", "", ""},
		// "isn't … anymore" gives the value up as "is not … anymore" does
		{"Promtail isn't deployed anymore.", "We moved to Alloy in January, config is alloy/config.alloy.", "promtail>Alloy"},
		// a value called old news or outdated is given up
		{"ahh no, the f32 thing is old news, the memory file is wrong there.", "we moved the whole chain to f64 last month.", "f32>f64"},
		{"the f32 thing is what we measured.", "we moved the whole chain to f64 last month.", ""},
		// somebody else's change is the cause, its place no qualifier of
		// the consequence; a clause placed elsewhere stays elsewhere
		{"Debian dropped llvm-17 from testing on my box, so we're on LLVM 18 now, /usr/lib/llvm-18.", "", "17>18"},
		{"I believe the problem is that my other project's Postgres 14 now starts on 5432 at boot, so I moved ours.", "", ""},
		{"I dropped llvm-17 on my box, so I'm on LLVM 18 now.", "", ""},
		// the unit left out after "not" at the clause's end
		{"So our bus is 250 kbit/s now, not 500.", "", "500 kbit/s>250 kbit/s"},
		{"Sample at 500 Hz, not 250 from the spec.", "", ""},
		// a version the person put in place, of the thing named before it
		{"I installed IgH EtherCAT master 1.6.2 on the target.", "", "igh ethercat master=1.6.2"},
		{"The lab admin installed IgH EtherCAT master 1.6.2 on the other rig.", "", ""},
		// the value updated to, written after its name
		{"I updated the version catalog to ANTLR 4.13.2 this morning.", "", "version catalog antlr=4.13.2"},
		// a setting written as code said to go to a number
		{"ok numbers are in. nf_conntrack_max goes to 524288, both boxes got 8G RAM last week.", "", "nf_conntrack_max=524288"},
		{"the request goes to api.example.com", "", ""},
		// a heading before the news is no qualifier of it
		{"Background for today: the platform team retired the v2 routes, so the app talks to /api/v3 from now on.", "", "v2>/api/v3"},
		// a verb before its preposition is no value; an arrow of two
		// names with no word of change is a build or a route; a give-up
		// in the perfect has its object after it
		{"The old test environment has been retired, I am told; everything should now point at https://lis-uat.internal:9443 instead.", "", ""},
		{"its all rust->wasm, runs in the browser on itch.", "", ""},
		{"we moved from redis -> valkey last week.", "", "redis>valkey"},
		{"Salesforce has retired the older API versions in our partner's org, so we are consistent.", "", ""},
		{"The old sdk is retired, so we're now consistent.", "", ""},
		// a path from the root given up is the path whole
		{"From this week the output goes to /srv/research/deid; /mnt/deid-out is read-only now.", "", "/mnt/deid-out>/srv/research/deid"},
		// a "with" phrase tells how a thing is done
		{"Kennzahl 86 is a base amount, so ELSTER gets it in full euros with the cents dropped.", "", ""},
		{"the cents dropped, it is base now.", "", "cents>base"},
	}
	// The version joined to its name gives way to the one written after
	// the name, in the line that writes them apart.
	if got := changesIn("Debian dropped llvm-17 from testing on my box, so we're on LLVM 18 now.", "", "", "", source{}); len(got) != 1 || changedMemoryLine("Pass plugin built against LLVM 17.", got[0]) != "Pass plugin built against LLVM 18." {
		t.Errorf("changesIn(Debian dropped llvm-17 …) = %+v", got)
	}
	// "the Coral's dead": the possessive is the name's, and a thing
	// "on the GPU" is where the value runs, not the value.
	if got := changesIn("Right, the Coral's dead.", "", "Not even in lsusb.", "So the detector is OpenVINO on the GPU from now.", source{}); len(got) != 1 || got[0].old != "Coral" || got[0].new != "OpenVINO" {
		t.Errorf("changesIn(the Coral's dead.) = %+v", got)
	}
	if got := trimValue("it's"); got != "it's" {
		t.Errorf(`trimValue("it's") = %q, want the contraction kept`, got)
	}
	// A dot that opens a hidden folder or a relative path is the
	// value's; one that ends a sentence, or opens a number, is not.
	for in, want := range map[string]string{".cullr/thumbs": ".cullr/thumbs", ".env,": ".env", "./bin": "./bin", "8081.": "8081", ".5": "5", "...": ""} {
		if got := trimValue(in); got != want {
			t.Errorf("trimValue(%q) = %q, want %q", in, got, want)
		}
	}
	if got := changesIn("the thumbnail cache is not in ~/.cache/cullr/thumbs anymore, I moved it to .cullr/thumbs inside each shoot folder.", "", "", "", source{}); len(got) != 1 || got[0].new != ".cullr/thumbs" {
		t.Errorf("changesIn(… moved it to .cullr/thumbs …) = %+v", got)
	}
	// "It's …" names the setting of the sentence before.
	if got := changesIn("It's on 5901 now.", "we moved the vnc server.", "", "", source{}); len(got) != 1 || got[0].new != "5901" || !strings.Contains(strings.Join(got[0].subject, " "), "vnc server") {
		t.Errorf("changesIn(It's on 5901 now.) = %+v", got)
	}
	// "the old folder" names a kind, no value given up.
	if got := changesIn("It's at /opt/tools/kiln-3 now and I deleted the old folder.", "we reinstalled the kiln tools.", "", "", source{}); len(got) != 1 || got[0].old != "" || got[0].new != "/opt/tools/kiln-3" || !strings.Contains(strings.Join(got[0].subject, " "), "kiln tool") {
		t.Errorf("changesIn(... the old folder.) = %+v", got)
	}
	// The value held now may come two sentences on, written as a name
	// (capitalised) or a value; a product's name of two capitalised
	// words is one value.
	if got := changesIn("We're off SQL Server.", "", "Licence costs.", "Postgres from today, the DBA migrated the data.", source{}); len(got) != 1 || got[0].old != "SQL Server" || got[0].new != "Postgres" {
		t.Errorf("changesIn(We're off SQL Server.) = %+v", got)
	}
	if got := changesIn("We dropped Algolia.", "", "The crawler kept missing pages.", "Search is the local plugin now.", source{}); len(got) != 0 {
		t.Errorf("changesIn(We dropped Algolia.) = %+v, want none", got)
	}
	// "so after …" tells when the change was made; only a supposition
	// after a conjunction ("And if we ever …") is none.
	if got := changesIn("so after the audit we switched the client certs over to rsa 3072, the 2048 ones just get replaced when they expire.", "", "", "", source{}); len(got) != 1 || got[0].new != "3072" {
		t.Errorf("changesIn(so after the audit …) = %+v, want one change to 3072", got)
	}
	for _, tt := range tests {
		var got []string
		for _, c := range changesIn(tt.sentence, "", tt.next, "", source{}) {
			if c.old != "" {
				got = append(got, strings.ToLower(c.old)+">"+c.new)
			} else {
				got = append(got, strings.Join(c.subject, " ")+"="+c.new)
			}
		}
		if g := strings.Join(got, "; "); g != tt.want {
			t.Errorf("changesIn(%q) = %q, want %q", tt.sentence, g, tt.want)
		}
	}
}

// TestChangedLine: a change rewrites the line that states the old value
// (every mention, case kept around it); it leaves alone a line about
// something else, a line that rules the old value out, a line that names it
// in a command, a line with a number of another setting, and a line whose
// value the new one only makes more precise.
func TestChangedLine(t *testing.T) {
	tests := []struct {
		line string
		ch   change
		want string
	}{
		{"- Cache: Memcached (one node per region).", change{old: "memcached", new: "valkey"}, "- Cache: valkey (one node per region)."},
		{"- Docs build with hugo 0.120.", change{new: "0.125", subject: []string{"hugo"}}, "- Docs build with hugo 0.125."},
		// the last part of a path given up, the new path differing only there
		{"- The REST API is /api/v2 behind the gateway.", change{old: "v2", new: "/api/v3"}, "- The REST API is /api/v3 behind the gateway."},
		{"- The REST API is /api/v2 behind the gateway.", change{old: "v2", new: "/rest/v3"}, ""},
		// a directory given up, the path under it moved along
		{"- Datasets live in /scratch/ana/datasets.", change{old: "/scratch", new: "/mnt/nvme/ana/datasets"}, "- Datasets live in /mnt/nvme/ana/datasets."},
		{"- Datasets live in /scratch/ana/datasets.", change{old: "/scratch", new: "/mnt/nvme"}, "- Datasets live in /mnt/nvme/ana/datasets."},
		// a setting written with its value after "="
		{"- Built with PGXS; PG_CONFIG=/usr/lib/postgresql/16/bin/pg_config.", change{new: "/usr/lib/postgresql/17/bin/pg_config", subject: []string{"pg_config"}}, "- Built with PGXS; PG_CONFIG=/usr/lib/postgresql/17/bin/pg_config."},
		{"- Built with PGXS; CFLAGS=/usr/lib/postgresql/16/bin/pg_config.", change{new: "/usr/lib/postgresql/17/bin/pg_config", subject: []string{"pg_config"}}, ""},
		// a port the line writes as one says which setting moved
		{"- The API runs on port 8000 under uvicorn.", change{old: "8000", new: "8081", terms: []string{"metric", "sidecar"}}, "- The API runs on port 8081 under uvicorn."},
		{"- The API runs 8000 workers.", change{old: "8000", new: "8081", terms: []string{"metric", "sidecar"}}, ""},
		{"- The admin API listens on 7000.", change{new: "7100", subject: []string{"api"}}, "- The admin API listens on 7100."},
		{"- Never use memcached for sessions.", change{old: "memcached", new: "valkey"}, ""},
		{"- Run `memcached -vv` to debug.", change{old: "memcached", new: "valkey"}, ""},
		{"- Retries: 3 per call.", change{old: "3", new: "5", terms: []string{"pool", "size"}}, ""},
		{"- Pool size is 3.", change{old: "3", new: "5", terms: []string{"pool", "size"}}, "- Pool size is 5."},
		// a dotted version named as the one given up needs no setting
		// word in common ("the lab moved on. 2.7 is dead")
		{"- Engine build: Unreal 2.7.", change{old: "2.7", new: "2.8", terms: []string{"lab", "mov"}}, "- Engine build: Unreal 2.8."},
		// but only where it ends the line: a measure or another
		// program's version holding the same number stays
		{"- Health probes give up after 2.7 seconds.", change{old: "2.7", new: "2.8", terms: []string{"lab", "mov"}}, ""},
		{"- Tcl 2.7 macros sit in tools/.", change{old: "2.7", new: "2.8", terms: []string{"lab", "mov"}}, ""},
		{"- Moved helpers live in src/.", change{old: "src", new: "lib", object: []string{"util.py"}}, ""},
		{"- Godot 4 for everything.", change{new: "4.3", subject: []string{"godot"}}, ""},
		// an image's tag, written with its suffix or its "v"
		{"- Server image is registry.local/triton:24.01-py3.", change{old: "24.01", new: "24.05"}, "- Server image is registry.local/triton:24.05-py3."},
		{"- Default image: `python:3.11-slim`.", change{old: "3.11", new: "3.12-slim"}, "- Default image: `python:3.12-slim`."},
		{"- Image: envoyproxy/envoy:v1.29.4.", change{old: "1.29.4", new: "1.31.2"}, "- Image: envoyproxy/envoy:v1.31.2."},
		{"- Images: app:1.2 and worker:1.2.", change{old: "1.2", new: "1.3"}, ""},
		// a version given up by its shorter form ("the 0.13 one is
		// gone") is the one the line writes more precisely, when it
		// writes one
		{"- Toolchain: Zig 0.13.0.", change{old: "0.13", new: "0.14.1", terms: []string{"gone"}}, "- Toolchain: Zig 0.14.1."},
		{"- Zig 0.13.0 locally, 0.13.1 in CI.", change{old: "0.13", new: "0.14.1", terms: []string{"gone"}}, ""},
		// a file renamed, in the folder the line names; a store that
		// replaces a file is no file in that folder
		{"- The build output is dist/widget.js, loaded with one script tag.", change{old: "widget.js", new: "embed.js"}, "- The build output is dist/embed.js, loaded with one script tag."},
		{"- Articles are appended to data/out.jsonl.", change{old: "out.jsonl", new: "sqlite"}, ""},
		// a URL's host and port given way to a host with its port: the
		// scheme and path stay
		{"- Queue at amqp://localhost:5672/jobs.", change{old: "localhost", new: "mq.lab.lan:5673", terms: []string{"queue"}}, "- Queue at amqp://mq.lab.lan:5673/jobs."},
		{"- Admin UI at http://localhost:9000/app.", change{old: "localhost", new: "mq.lab.lan:5673", terms: []string{"queue"}}, ""},
		// of several local services on one line, only the one the
		// sentence names moves; none when it names none of them
		{"- Local services: admin UI at http://localhost:9000, redis at redis://localhost:6379.", change{old: "localhost", new: "cache.internal:6380", terms: []string{"redis"}}, "- Local services: admin UI at http://localhost:9000, redis at redis://cache.internal:6380."},
		{"- Dev stack: grafana at http://localhost:3000, postgres at postgres://localhost:5432/app.", change{old: "localhost", new: "db.lab.lan:5433", terms: []string{"postgre", "localhost", "anymore", "port"}}, "- Dev stack: grafana at http://localhost:3000, postgres at postgres://db.lab.lan:5433/app."},
		{"- Local services: admin UI at http://localhost:9000, metrics at http://localhost:9100.", change{old: "localhost", new: "cache.internal:6380", terms: []string{"redis", "local"}}, ""},
		// a letter whose lower case is longer or shorter before the URL
		// must not shift where the line is cut
		{"- Redis at " + strings.Repeat("Ⱥ", 20) + "://localhost:6379/0", change{old: "localhost", new: "cache.internal:6380", terms: []string{"redis"}}, "- Redis at " + strings.Repeat("Ⱥ", 20) + "://cache.internal:6380/0"},
		{"- Redis at İİİİ://localhost:6379/0", change{old: "localhost", new: "cache.internal:6380", terms: []string{"redis"}}, "- Redis at İİİİ://cache.internal:6380/0"},
		{"- Mirror at \u212a\u212a://LOCALHOST/pkgs", change{old: "localhost", new: "mirror.lan", terms: []string{"mirror"}}, "- Mirror at \u212a\u212a://mirror.lan/pkgs"},
		{"- Lint with `tox -e lint`.", change{old: "tox", new: "nox", context: "tox is gone. It's nox now: `nox -s lint` and `nox -s tests`."}, "- Lint with `nox -s lint`."},
		{"- Lint with `tox -e lint`.", change{old: "tox", new: "nox", context: "tox is gone, it's nox now"}, ""},
		{"- Writes go to db1.corp.example.", change{old: "db1", new: "db4", terms: []string{"write"}}, "- Writes go to db4.corp.example."},
		// the port of an address takes the new port, unless the
		// message moves the host too: the old host would stay
		{"- Broker: 10.0.0.5:1883.", change{old: "1883", new: "8883", terms: []string{"broker"}, context: "the broker listens on 8883 now, 1883 is off"}, "- Broker: 10.0.0.5:8883."},
		{"- Broker: 10.0.0.5:1883.", change{old: "1883", new: "8883", terms: []string{"broker"}, context: "the broker is bus.home.lan now and listens on 8883, 1883 is off"}, ""},
		// a port written alone after its colon takes the new port
		{"- Admin UI on :7070", change{new: "7171", subject: []string{"admin"}}, "- Admin UI on :7171"},
		// an address named without its path is the whole URL of the line
		{"- Telemetry goes to mqtt://hub.lan:1883/sensors.", change{old: "mqtt://hub.lan:1883", new: "nats://bus.lan:4222", terms: []string{"gone"}}, "- Telemetry goes to nats://bus.lan:4222."},
		{"- Telemetry goes to mqtt://hub.lan:18830/sensors.", change{old: "mqtt://hub.lan:1883", new: "nats://bus.lan:4222", terms: []string{"gone"}}, ""},
		{"- Runtime 3.1.4 everywhere.", change{old: "3.1", new: "3.2", terms: []string{"runtime"}}, ""},
		// A short note on what the old value was goes with it; one the
		// change's message says again, or a longer note, stays.
		{"- Jobs queue through beanstalkd (C daemon) on the worker box.", change{old: "beanstalkd", new: "nats", context: "beanstalkd is retired, jobs use nats now"}, "- Jobs queue through nats on the worker box."},
		{"- Interpreter: CPython 3.10 (pyenv).", change{old: "3.10", new: "3.11", terms: []string{"interpreter"}, context: "interpreter is 3.11 now, still from pyenv"}, "- Interpreter: CPython 3.11 (pyenv)."},
		{"- Interpreter: CPython 3.10 (pyenv).", change{old: "3.10", new: "3.11", terms: []string{"interpreter"}, context: "interpreter is 3.11 now"}, "- Interpreter: CPython 3.11."},
		{"- Packages install with yarn (yarn install --immutable on the runners).", change{old: "yarn", new: "bun"}, "- Packages install with bun."},
		// a plain name replaces the value of a line that names the
		// setting by a label holding the change's words
		{"- Outgoing mail relay: sendmail.", change{new: "postfix", subject: []string{"mail", "relay"}}, "- Outgoing mail relay: postfix."},
		{"- Mail relay runs sendmail on the gateway.", change{new: "postfix", subject: []string{"mail", "relay"}}, ""},
		{"- Outgoing mail relay: sendmail.", change{new: "postfix", subject: []string{"smtp", "relay"}}, ""},
		// a host gives way to a host, a hyphenated name to one
		{"- Metrics are shipped to 10.1.2.3.", change{new: "metrics.corp.lan", subject: []string{"metric"}}, "- Metrics are shipped to metrics.corp.lan."},
		{"- Board: raspberrypi4-64.", change{new: "acme-cm4", subject: []string{"board"}}, "- Board: acme-cm4."},
		{"- Board: raspberrypi4-64.", change{new: "2.4.1", subject: []string{"board"}}, ""},
		// the port of an address: the new address takes its place
		{"- Smoke tests hit http://127.0.0.1:8000/health.", change{old: "8000", new: "http://127.0.0.1:8800"}, ""},
		{"- Smoke tests hit http://127.0.0.1:8000.", change{old: "8000", new: "http://127.0.0.1:8800"}, "- Smoke tests hit http://127.0.0.1:8800."},
		// a tool's own config file gives way to a new tool's name only
		// where the old tool does not stay in the line
		{"- Linting: eslint 8 (eslint.config.mjs)", change{old: "eslint.config.mjs", new: "oxlint"}, ""},
		{"- Sessions are kept in sessions.sqlite on disk.", change{old: "sessions.sqlite", new: "redis"}, "- Sessions are kept in redis on disk."},
		// a host written with its port gives way to a host of the same
		// domain; a file of another kind does not
		{"- Search node: `search-a.lan:9300`.", change{new: "search-b.lan", subject: []string{"search", "node"}}, "- Search node: `search-b.lan`."},
		{"- Search node config: `node.yml`.", change{new: "search-b.lan", subject: []string{"search", "node"}}, ""},
		// a tool written as a command, its flags after it, is not
		// rewritten: the flags are the old tool's
		{"- Docs: rendered with asciidoctor -a toc, output in public/.", change{old: "asciidoctor", new: "antora"}, ""},
		{"- Docs: rendered with asciidoctor, output in public/.", change{old: "asciidoctor", new: "antora"}, "- Docs: rendered with antora, output in public/."},
		// a command run by the old package manager's runner is run by
		// the new one's
		{"- Dev server: `npx nx serve console`.", change{old: "npm", new: "pnpm"}, "- Dev server: `pnpm exec nx serve console`."},
		{"- Dev server: `npx nx serve console`.", change{old: "npm", new: "bun"}, "- Dev server: `bunx nx serve console`."},
		// a port written alone after its colon, as a listen address is
		{"- Metrics endpoint on :9100", change{new: "9101", subject: []string{"metric", "endpoint"}}, "- Metrics endpoint on :9101"},
		// a URL whose host (written with its port) is given up for a
		// whole new URL
		{"- Staging API: http://localhost:8081/v1", change{old: "localhost", new: "https://api.stage.example.org", terms: []string{"stag", "api"}}, "- Staging API: https://api.stage.example.org"},
	}
	for _, tt := range tests {
		if got := changedLineIn(tt.line, tt.ch, false); got != tt.want {
			t.Errorf("changedLineIn(%q, %+v, false) = %q, want %q", tt.line, tt.ch, got, tt.want)
		}
	}
	// The number goes with its unit when the sentence gives another.
	for said, want := range map[string]string{
		"Raise the scrollback cap to 1 GiB.":   "- Scrollback cap: 1 GiB across all hosts.",
		"we raised the scrollback cap to 512.": "- Scrollback cap: 512 MB across all hosts.",
	} {
		ch := changesIn(said, "", "", "", source{quote: said})
		if len(ch) != 1 || changedMemoryLine("- Scrollback cap: 64 MB across all hosts.", ch[0]) != want {
			t.Errorf("changes of %q = %+v, want the line edited to %q", said, ch, want)
		}
	}
}

// TestVersionNamedAfter: a memory line's one version, written with its
// "v", is the setting's when its clause names the setting after it, and
// the edit keeps the "v"; a line with two versions, or one naming another
// setting, is left alone.
func TestVersionNamedAfter(t *testing.T) {
	ch := change{new: "2.7.0", subject: []string{"ncs"}, src: source{quote: "moved ~/ncs to 2.7.0 yesterday."}}
	for line, want := range map[string]string{
		"- nRF Connect SDK v2.5.0 checked out in ~/ncs.":                "- nRF Connect SDK v2.7.0 checked out in ~/ncs.",
		"- nRF Connect SDK v2.5.0 and west 1.2.0 checked out in ~/ncs.": "",
		"- Modem firmware v1.3.5 flashed; the SDK lives in ~/ncs.":      "",
	} {
		if got := changedMemoryLine(line, ch); got != want {
			t.Errorf("changedMemoryLine(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestDecidedAsDone: a move the team decides as the person speaks, to a
// value, reads as made; a move in the present with no day is a habit, and
// a move away from something names no value held. Read so, the change
// edits memory and is no statement of its own.
func TestDecidedAsDone(t *testing.T) {
	for in, want := range map[string]string{
		"We're moving to Vale 3.":                                "we moved to Vale 3.",
		"We move the base to release/v1.22 today.":               "we moved the base to release/v1.22 today.",
		"we bump the version to 1.2.0 on every release.":         "we bump the version to 1.2.0 on every release.",
		"we're moving away from sequelize.define, sorry!":        "we're moving away from sequelize.define, sorry!",
		"We move the grid to 12 m for all fields going forward.": "we moved the grid to 12 m for all fields going forward.",
		"So we move the pipeline to polars from here on.":        "So we moved the pipeline to polars from here on.",
	} {
		if got := decidedAsDone(in); got != want {
			t.Errorf("decidedAsDone(%q) = %q, want %q", in, got, want)
		}
	}
	got := changesIn("We're raising the MSRV to Rust 1.81 today.", "", "", "", source{})
	if len(got) != 1 || got[0].new != "1.81" || got[0].set || !got[0].decided {
		t.Errorf("changesIn(We're raising the MSRV …) = %+v, want one decided change to 1.81", got)
	}
}

// TestRequestAsDone: a request that a setting take a value reads as the
// change made, and then edits memory as a decided change; a request for a
// while, a question and a value taken back as it is said do not.
func TestRequestAsDone(t *testing.T) {
	for in, want := range map[string]string{
		"bump targetSdk to 35, fix the edge to edge stuff":           "we bumped targetSdk to 35, fix the edge to edge stuff",
		"Done. So change REPORT_INTERVAL to 900 seconds.":            "Done. So we changed REPORT_INTERVAL to 900 seconds.",
		"Bump the nixpkgs input to nixos-25.05, then build.":         "we bumped the nixpkgs input to nixos-25.05, then build.",
		"set the timeout to 60 for this test":                        "set the timeout to 60 for this test",
		"can you bump the pool to 20?":                               "can you bump the pool to 20?",
		"second, set strict_min_version to 127 \u2014 no wait, 128.": "second, set strict_min_version to 127 \u2014 no wait, 128.",
		"we might bump the pool to 20 next sprint":                   "we might bump the pool to 20 next sprint",
		"bump the mood of the team":                                  "bump the mood of the team",
	} {
		if got := requestAsDone(in); got != want {
			t.Errorf("requestAsDone(%q) = %q, want %q", in, got, want)
		}
	}
	got := changesIn("bump targetSdk to 35, fix the edge to edge stuff in the config activity", "", "", "", source{})
	if len(got) != 1 || got[0].new != "35" || got[0].set || !got[0].decided {
		t.Errorf("changesIn(bump targetSdk to 35 …) = %+v, want one decided change to 35", got)
	}
}

// TestNameWithDigit: a program's name with a digit in it ("Media3",
// "k3s") names the setting a change moves; a bare version term does not
// (a "v2" is no program).
func TestNameWithDigit(t *testing.T) {
	ch := change{new: "1.4.1", subject: []string{"media3"}, src: source{quote: "Bumped Media3 to 1.4.1 in libs.versions.toml."}}
	for line, want := range map[string]string{
		"- Media3 version is 1.3.1, pinned in gradle/libs.versions.toml.": "- Media3 version is 1.4.1, pinned in gradle/libs.versions.toml.",
		"- Coil version is 1.3.1, pinned in gradle/libs.versions.toml.":   "",
	} {
		if got := changedMemoryLine(line, ch); got != want {
			t.Errorf("changedMemoryLine(%q) = %q, want %q", line, got, want)
		}
	}
	if namesSetting("API v2 is", map[string]bool{"v2": true}) {
		t.Error(`namesSetting("API v2 is", v2) = true, want false`)
	}
}

// TestValueNamedAfter: a memory line's one value of the new one's shape is
// the setting's when its clause names the setting after it ("sinceBuild is
// 233 (2023.3) in gradle.properties (pluginSinceBuild)"); a line with two
// values of that shape, or one naming another setting, is left alone.
func TestValueNamedAfter(t *testing.T) {
	ch := change{new: "512", subject: []string{"maxconn"}, src: source{quote: "I raised maxconn to 512."}}
	for line, want := range map[string]string{
		"- The proxy allows 256 (the default) in haproxy.cfg (maxconn).":        "- The proxy allows 512 in haproxy.cfg (maxconn).",
		"- The proxy allows 256 of 1024 slots in haproxy.cfg (maxconn).":        "",
		"- The proxy allows 256 (the default) in haproxy.cfg (timeout client).": "",
	} {
		if got := changedMemoryLine(line, ch); got != want {
			t.Errorf("changedMemoryLine(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestToldOld: a change that names no old value of its own edits the
// memory line holding a value written like the new one that the telling
// sentence names too, whatever words the line names its setting by; a
// short number is a count named in passing.
func TestToldOld(t *testing.T) {
	told := func(new, quote string) change {
		return change{new: new, subject: []string{"server"}, src: source{quote: quote}}
	}
	tests := []struct {
		line string
		ch   change
		want string
	}{
		{"- Runs locally on port 8080.", told("9090", "8080 clashes with the Grafana I run locally, so the server is on 9090 now."), "- Runs locally on port 9090."},
		{"- Runs locally on port 8080.", told("9090", "the server is on 9090 now."), ""},
		{"- Uses 8 workers.", told("16", "we had 8 workers, the server is on 16 now"), ""},
		{"- Admin on port 8080.", told("9090", "the server is on 9090 now, 8080 still serves the admin"), ""},
	}
	for _, tt := range tests {
		if got := changedMemoryLine(tt.line, tt.ch); got != tt.want {
			t.Errorf("changedMemoryLine(%q, %q) = %q, want %q", tt.line, tt.ch.src.quote, got, tt.want)
		}
	}
}

// TestChangeEditsMemoryLine: one session that says a value memory holds
// has changed is proposed as an edit of that line (the line keeps what else
// it says), its retelling is not proposed beside it, the verification line
// drops the given-up tool, and a second run adds nothing.
func TestChangeEditsMemoryLine(t *testing.T) {
	w := newWorld(t)
	mem := "# Project Memory\n\n- Unit tests run on mocha with chai assertions.\n- Verification commands for this project: `npx mocha`.\n"
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", false, "u:the login spec is flaky", "x:npx mocha", "x:npx eslint .")
	w.add("b", true, "u:heads up, we ripped out mocha. everything goes through vitest now, remember that.", "x:npx vitest run", "x:npx eslint .")
	w.add("c", true, "u:add a spec for logout", "x:npx vitest run", "x:npx eslint .")
	w.add("d", true, "u:and one for the signup form", "x:npx vitest run", "x:npx eslint .")
	got, res := w.appliedPrivate(t, mem)
	validateWithGemini(t, w) // the in-place edit is a patch Gemini CLI accepts
	if !strings.Contains(got, "- Unit tests run on vitest with chai assertions.") {
		t.Errorf("line not edited in place:\n%s", got)
	}
	if strings.Contains(got, "`npx mocha`") || !strings.Contains(got, "`npx vitest run`") {
		t.Errorf("verification line keeps the old tool or lacks the new one:\n%s", got)
	}
	if n := strings.Count(strings.ToLower(got), "vitest"); n != 2 {
		t.Errorf("vitest named %d times, want 2 (the edited line and the verification line):\n%s", n, got)
	}
	for _, c := range res.Candidates {
		if strings.Contains(c.Text, "chai") && strings.Join(c.Sessions, ",") != "b" {
			t.Errorf("edit evidence from %v, want b", c.Sessions)
		}
	}
	if again := w.run(t); len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

// TestUsesBanned: a ruled-out program is found behind the runners that
// start it, not in the arguments of another program.
func TestUsesBanned(t *testing.T) {
	banned := map[string]bool{"mocha": true, "pytest": true}
	for cmd, want := range map[string]bool{
		"mocha --watch":           true,
		"npx mocha":               true,
		"poetry run pytest -q":    true,
		"npx vitest run":          false,
		"grep mocha package.json": false,
		"uv run ruff check .":     false,
	} {
		if got := usesBanned(cmd, banned); got != want {
			t.Errorf("usesBanned(%q) = %v, want %v", cmd, got, want)
		}
	}
}

// TestPromoteChanges: a change of a value another session stated earlier
// makes its statement last (the one that does not name the old value);
// with no statement, the earlier sentence is restated with the new value,
// or the change's own clause is used; a change nobody stated before stays
// as it was.
func TestPromoteChanges(t *testing.T) {
	at := func(session, msg int) source {
		return source{session: session, msgID: fmt.Sprint("m", session, msg), seq: msg, at: time.Date(2026, 5, session+1, 0, 0, msg, 0, time.UTC)}
	}
	said := func(src source, q string) source { src.quote = q; return src }
	t.Run("statement made lasting", func(t *testing.T) {
		ch := at(2, 1)
		s := []source{said(at(0, 1), "the mq cluster runs rabbitmq 3.11 here"), said(ch, "we went from rabbitmq 3.11 to 3.13 on friday")}
		stmts := []stmt{{line: "We went from rabbitmq 3.11 to 3.13.", src: ch}, {line: "Queues on 3.13 are quorum queues.", src: ch}}
		got := promoteChanges(stmts, s, nil, []change{{old: "3.11", new: "3.13", src: s[1]}})
		if got[0].lasting || !got[1].lasting {
			t.Errorf("lasting: %v, %v; want only the line without the old value", got[0].lasting, got[1].lasting)
		}
	})
	t.Run("earlier sentence restated", func(t *testing.T) {
		s := []source{said(at(0, 1), "our wheels are built against glibc 2.28, keep that"), said(at(3, 2), "glibc 2.28 images are retired, it's 2.34 now")}
		got := promoteChanges(nil, s, nil, changesOf(s))
		if len(got) != 1 || got[0].line != "Our wheels are built against glibc 2.34." || !got[0].lasting {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("earlier sentence holding another retired value", func(t *testing.T) {
		// Restated with one new value, the earlier sentence would still
		// name the other one given up: the change's own clause stands.
		s := []source{
			said(at(0, 1), "we serve the docs with mkdocs and publish to docs-old.example.net"),
			said(at(2, 1), "we dropped mkdocs, the docs build with zensical now"),
			said(at(2, 2), "docs-old.example.net is dead, we publish to docs.example.org now"),
		}
		got := promoteChanges(nil, s, nil, changesOf(s))
		for _, st := range got {
			if strings.Contains(st.line, "docs-old") || strings.Contains(st.line, "mkdocs") {
				t.Errorf("got %q: a retired value restated", st.line)
			}
		}
		if len(got) == 0 {
			t.Errorf("got nothing; want the changes' own clauses")
		}
	})
	t.Run("the setting's own clause, not the edit made to follow it", func(t *testing.T) {
		// One sentence tells the new release twice: the line is worded
		// from the clause naming the program with its version, its
		// lead-in dropped, not from the side edit to the same release.
		for _, tc := range []struct{ before, now, want string }{
			{"the build hosts run node 18.19 for now", "Good news: the admins upgraded the build hosts and we are on node 20.11.1 now, so I've already changed the engines field in package.json to require 20.11.",
				"The admins upgraded the build hosts and we are on node 20.11.1 now."},
			{"can you look at the swi-prolog 8.4 warning in load.pl?", "Good news for once: IT upgraded the lab machines over the weekend and we are on SWI-Prolog 9.2.1 now, mostly because of the tabling fixes, so you can use the newer stuff and I've already changed the version check in load.pl to require 9.2.",
				"IT upgraded the lab machines and we are on SWI-Prolog 9.2.1 now."},
		} {
			s := []source{said(at(0, 1), tc.before), said(at(2, 1), tc.now)}
			got := promoteChanges(nil, s, nil, changesOf(s))
			if len(got) != 1 || got[0].line != tc.want {
				t.Errorf("%q: got %+v, want %q", tc.now, got, tc.want)
			}
		}
		// Negative: the edit told alone is still the project's news.
		s := []source{said(at(0, 1), "the build hosts run node 18.19 for now"), said(at(2, 1), "I've already changed the engines field in package.json to require 20.11.")}
		got := promoteChanges(nil, s, nil, changesOf(s))
		if len(got) != 1 || !strings.Contains(got[0].line, "20.11") {
			t.Errorf("edit alone: got %+v", got)
		}
	})
	t.Run("change clause", func(t *testing.T) {
		s := []source{said(at(0, 1), "can you check the flaky test on sandbox-b?"), said(at(1, 1), "sandbox-b is gone, we're on sandbox-c now")}
		got := promoteChanges(nil, s, nil, changesOf(s))
		if len(got) != 1 || got[0].line != "We're on sandbox-c now." {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("a port told with the one it replaces", func(t *testing.T) {
		ch := at(1, 1)
		s := []source{said(ch, "grafana moved off 3000, it's on 3300 now")}
		stmts := []stmt{{line: "It's on 3300 now.", src: ch}}
		if got := promoteChanges(stmts, s, nil, changesOf(s)); !got[0].lasting {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("a change that asks nothing of the project", func(t *testing.T) {
		ch := at(1, 1)
		s := []source{said(ch, "the vendor sdk moved from 2.2.0 to 2.3.1 upstream, no change needed here")}
		c := changesOf(s)
		for i := range c {
			c[i].context = s[0].quote
		}
		if got := promoteChanges(nil, s, nil, c); len(got) != 0 {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("a sentence that also rules something out", func(t *testing.T) {
		ch := at(1, 1)
		s := []source{said(ch, "grafana moved off 3000, it's on 3300 now, and use loki, not elastic")}
		stmts := []stmt{{line: "It's on 3300 now.", src: ch}}
		if got := promoteChanges(stmts, s, nil, changesOf(s)); got[0].lasting {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("clause without the old value", func(t *testing.T) {
		ch := at(1, 1)
		s := []source{said(ch, "the build farm has clang 18.1 now instead of 17.0, does the toolchain file need anything?")}
		got := promoteChanges(nil, s, nil, changesOf(s))
		if len(got) != 1 || got[0].line != "The build farm has clang 18.1 now." {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("used in an earlier command", func(t *testing.T) {
		ch := at(2, 1)
		s := []source{said(ch, "meson from here, the autotools files are deleted")}
		stmts := []stmt{{line: "Meson from here.", src: ch}}
		ran := []source{said(at(0, 3), "autotools --version")}
		if got := promoteChanges(stmts, s, ran, changesOf(s)); !got[0].lasting {
			t.Errorf("got %+v", got)
		}
		if got := promoteChanges([]stmt{{line: "Meson from here.", src: ch}}, s, nil, changesOf(s)); got[0].lasting {
			t.Errorf("without the command: got %+v", got)
		}
	})
	t.Run("set by a verb of one's own change", func(t *testing.T) {
		// A setting named and set in the past to a value written as one
		// stands without an earlier session; somebody else's move, a
		// request, a plan and a one-off do not.
		for q, want := range map[string]bool{
			"moved the dev server to 8085 cuz 8000 is my other thing now":                true,
			"bumped docker-compose plugin to v5.5.0 everywhere":                          true,
			"we upgraded the print server to cups 2.4.7 over the weekend":                true,
			"I switched the default kiln profile to cone6-slow.json":                     true,
			"Somebody bumped the batch size to 64 in configs/unet.yaml without asking.":  false,
			"the intern moved the api port to 9000":                                      false,
			"bump the compose plugin to v5.5.0":                                          false,
			"should we move the dev server to 8085?":                                     false,
			"we might upgrade the print server to cups 2.4.7":                            false,
			"for this run I moved the dev server to 8085, put it back after":             false,
			"the upstream lib bumped its api to 2.0, nothing to change here on our side": false,
		} {
			ch := at(1, 1)
			s := []source{said(ch, q)}
			c := changesOf(s)
			for i := range c {
				c[i].context = q
			}
			got := promoteChanges(nil, s, nil, c)
			if (len(got) > 0) != want {
				t.Errorf("%q: got %+v, want a line: %v", q, got, want)
			}
		}
	})
	t.Run("not said before", func(t *testing.T) {
		s := []source{said(at(1, 1), "sandbox-b is gone, we're on sandbox-c now")}
		if got := promoteChanges(nil, s, nil, changesOf(s)); len(got) != 0 {
			t.Errorf("got %+v", got)
		}
	})
}

// TestWithSiblingValues: a version of a line the change rewrites gives way
// to one of the change's sentence written the same way when a word beside
// each names the same thing, a version glued to its name to the same name
// at another version; one the sentence names itself, one beside no shared
// word, and a number that is no version stay.
func TestWithSiblingValues(t *testing.T) {
	tell := func(q string) change { return change{old: "webpack", new: "rspack", src: source{quote: q}} }
	tests := []struct {
		line string
		ch   change
		want string
	}{
		{"Bundles build with rspack for the 2.7 runtime.", tell("we dropped webpack for rspack, the runtime is 3.1 now"), "Bundles build with rspack for the 3.1 runtime."},
		{"Bundles build with rspack for the 2.7 runtime.", tell("we dropped webpack for rspack, the runtime went from 2.7 to 3.1"), "Bundles build with rspack for the 2.7 runtime."},
		{"Bundles build with rspack for the 2.7 runtime.", tell("we dropped webpack for rspack, and the docs site is on 3.1"), "Bundles build with rspack for the 2.7 runtime."},
		{"Bundles build with rspack on port 8080.", tell("we dropped webpack for rspack, the dev port is 9090"), "Bundles build with rspack on port 8080."},
		// a version glued to its name: the same name at another version
		{"Target frameworks are net8.0-android and net7.0-ios.", change{new: "net8.0-android", src: source{quote: "as of this week the target frameworks are net8.0-android and net8.0-ios"}}, "Target frameworks are net8.0-android and net8.0-ios."},
		{"Target frameworks are net8.0-android and net7.0-ios.", change{new: "net8.0-android", src: source{quote: "as of this week the target frameworks are net8.0-android and macos14"}}, "Target frameworks are net8.0-android and net7.0-ios."},
	}
	for _, tt := range tests {
		if got := withSiblingValues(tt.line, tt.ch); got != tt.want {
			t.Errorf("withSiblingValues(%q, %q) = %q, want %q", tt.line, tt.ch.src.quote, got, tt.want)
		}
	}
}

// TestWithSiblingValuesOwnSetting: the change's own values are no sibling
// of another product's version, and a word naming the change's own
// setting ties no two versions together.
func TestWithSiblingValuesOwnSetting(t *testing.T) {
	upgrade := func(q, old, new string) change {
		return change{old: old, new: new, subject: []string{"node"}, src: source{quote: q}}
	}
	tests := []struct {
		line string
		ch   change
		want string
	}{
		// the change's new value stays the change's own
		{"Runtime: node 22.4 beside redis 7.2.", upgrade("upgraded node to 22.4", "", "22.4"), "Runtime: node 22.4 beside redis 7.2."},
		{"Node 22.4 plus MySQL 8.0 on the build box.", upgrade("upgraded node to 22.4", "", "22.4"), "Node 22.4 plus MySQL 8.0 on the build box."},
		// nor its old one
		{"Runtime: node 22.4 beside redis 7.2.", upgrade("upgraded node from 20.1 to 22.4", "20.1", "22.4"), "Runtime: node 22.4 beside redis 7.2."},
		// another value of the sentence tied only by the change's setting
		{"Runtime: node 22.4 beside redis 7.2.", upgrade("upgraded node to 22.4 and terraform to 1.9", "", "22.4"), "Runtime: node 22.4 beside redis 7.2."},
		// a sibling named by its own setting still carries over
		{"Runtime: node 22.4 beside redis 7.2.", upgrade("upgraded node to 22.4 and redis to 7.4", "", "22.4"), "Runtime: node 22.4 beside redis 7.4."},
	}
	for _, tt := range tests {
		if got := withSiblingValues(tt.line, tt.ch); got != tt.want {
			t.Errorf("withSiblingValues(%q, %q) = %q, want %q", tt.line, tt.ch.src.quote, got, tt.want)
		}
	}
}

// TestClausesAfterAnymore: "anymore" ends a clause only when a new one
// runs on after it; a conjunction or preposition after it goes on with
// the same clause.
func TestClausesAfterAnymore(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"we don't use yarn anymore because it broke the lockfile", []string{"we don't use yarn anymore because it broke the lockfile"}},
		{"we aren't on 3.11 anymore since 3.12 fixed the wheel builds", []string{"we aren't on 3.11 anymore since 3.12 fixed the wheel builds"}},
		{"nobody runs jest anymore in this repo", []string{"nobody runs jest anymore in this repo"}},
		{"we dont tag from master anymore netlify deploys from prod now", []string{"we dont tag from master", "netlify deploys from prod now"}},
		{"not on jenkins anymore", []string{"not on jenkins anymore"}},
	}
	for _, tt := range tests {
		if got := clauses(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("clauses(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// a clause cut after "anymore" by mistake would become the line
	ch := change{old: "3.11", new: "3.12", src: source{quote: "we aren't on 3.11 anymore since 3.12 fixed the wheel builds"}}
	if got := changeClause(ch); got != "" {
		t.Errorf("changeClause = %q, want no clause (the only one names the old value)", got)
	}
}

// TestChangeClauseRunOn: a clause that gives a value up ("… anymore") and
// the one run on after it are two clauses; the one naming the new value
// becomes the line.
func TestChangeClauseRunOn(t *testing.T) {
	ch := change{old: "trunk", new: "release/2026", src: source{quote: "we dont deploy from trunk anymore releases ship from release/2026 now"}}
	if got, want := changeClause(ch), "Releases ship from release/2026 now."; got != want {
		t.Errorf("changeClause = %q, want %q", got, want)
	}
}

// TestChangeToldEditsMemoryLine: changes told in wordings of their own
// edit the memory line of their setting. A lone value: a path by the words
// around it, a number only where the line writes it after the same name
// ("Safari 15"), not another number of a line sharing a word ("takes 15
// minutes"). "we've switched the formatter to biome": a line giving the
// formatter as the one word after "is", ending its clause, everywhere the
// line names it; not a line where more follows the value ("stylelint with
// the standard config").
func TestChangeToldEditsMemoryLine(t *testing.T) {
	for _, tc := range []struct {
		name, mem string
		said      []string
		want      []string
	}{
		{"lone value", "# Project Memory\n\n- Lowest supported browser: Safari 15.\n- Crash dumps are written to /var/tmp/dumps.\n- The browser suite takes 15 minutes.\n",
			[]string{"u:we support Safari 16 and newer now, fix the flexbox gap fallback", "u:crash dumps land in /data/crash these days, the tmp partition kept filling"},
			[]string{"- Lowest supported browser: Safari 16.", "- Crash dumps are written to /data/crash.", "- The browser suite takes 15 minutes."}},
		{"switched", "# Project Memory\n\n- Our formatter is prettier; format TypeScript with prettier.\n- The CSS formatter is stylelint with the standard config.\n",
			[]string{"u:we've switched the formatter to biome this sprint, fix the lint errors"},
			[]string{"- Our formatter is biome; format TypeScript with biome.", "- The CSS formatter is stylelint with the standard config."}},
		// a value called the old one, the new one said in the same
		// sentence; a unit measure set against the old one
		{"the old one", "# Project Memory\n\n- Nightly backups go to s3://acme-cold/db/.\n- The print server is pr-west.office.lan:631.\n- The plotter talks at 9600 baud.\n",
			[]string{"u:the backup bucket is now s3://acme-glacier/db/ ; the old acme-cold bucket is read-only until June.",
				"u:Printing moved: it is now `pr-east.office.lan:631`, the old pr-west name is gone.",
				"u:The new controller board runs at 115200 baud, not 9600 baud. Please fix the serial settings."},
			[]string{"- Nightly backups go to s3://acme-glacier/db/.", "- The print server is pr-east.office.lan:631.", "- The plotter talks at 115200 baud."}},
		{"ripped out", "# Project Memory\n\n- Errors are reported to Sentry.\n",
			[]string{"u:we ripped sentry out last week. it's glitchtip now, same DSN variable."},
			[]string{"- Errors are reported to glitchtip."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, tc.mem)
			w.add("a", true, "u:the tooltip overlaps the header", "x:npm test")
			for i, msg := range tc.said {
				w.add(string(rune('b'+i)), true, msg, "x:npm test")
			}
			wantMemoryLines(t, w, tc.mem, tc.want)
		})
	}
}

// TestChangeRetellingOldValue: the message that tells a change names the
// old value as given up ("4000 collides with jekyll"); that is no new
// statement of it, so the earlier line still takes the change instead of
// standing beside the new value.
func TestChangeRetellingOldValue(t *testing.T) {
	w := newWorld(t)
	w.add("a", true, "u:the sidebar collapses on mobile, have a look", "u:btw the docs preview runs on 4000 and the search widget expects that", "x:npm test")
	w.add("b", true, "u:we moved the docs preview to port 4100, 4000 collides with jekyll. fix the links", "x:npm test")
	var lines []string
	for _, c := range w.run(t).Candidates {
		lines = append(lines, c.Text)
	}
	joined := strings.Join(lines, "\n")
	if strings.Contains(joined, "on 4000") || !strings.Contains(joined, "4100") {
		t.Errorf("want the preview's port as 4100 only, got:\n%s", joined)
	}
}

// TestGivenUpNamesNoValue: a value given up with no new one named ("we're
// ditching X") changes no line: the verb after "we're" is not the value
// held now.
func TestGivenUpNamesNoValue(t *testing.T) {
	w := newWorld(t)
	withMemory(t, w, "# Project Memory\n\n- Start the stack with podman compose up.\n")
	w.add("a", true, "u:the footer links are broken", "x:npm test")
	w.add("b", true, "u:we're dropping podman entirely, too much hassle on this laptop", "x:npm test")
	for _, c := range w.run(t).Candidates {
		if strings.Contains(strings.ToLower(c.Text), "dropping") {
			t.Errorf("a giving-up verb was written as the new value: %q", c.Text)
		}
	}
}

// TestToolLeftEditsMemoryLine: a tool given up as the one a thing was
// moved off, or by the lock file it writes, is the old value of memory's
// line about it.
func TestToolLeftEditsMemoryLine(t *testing.T) {
	memoryEdit(t, "# Project Memory\n\n- Dependencies are managed with poetry.\n", "u:we switched the service to uv last week, the poetry.lock is gone",
		"- Dependencies are managed with uv.", "poetry.")
	memoryEdit(t, "# Project Memory\n\n- Rails 7.1 app for the clinic; installs go through bundler, js through yarn.\n", "u:heads up: we moved the frontend build to bun in march, the yarn.lock is gone.",
		"js through bun.", "yarn")
	memoryEdit(t, "# Project Memory\n\n- Task runner: lerna.\n", "u:we migrated the monorepo off lerna to turborepo over the break",
		"- Task runner: turborepo.", "lerna")
}

// TestRunOnQualifierEditsMemoryLine: deep in a long message, a move told
// after a clause about something running on the person's laptop edits
// the memory line of the setting moved.
func TestRunOnQualifierEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- Docs preview server runs on 5000 via mkdocs serve.\n- Logs go to stdout.\n"
	memoryEdit(t, mem, "u:ok this is a long story, I have the conference badge printer app from the venue running on my laptop now because I'm helping at the desk and it grabs port 5000 for its admin page, so I moved our docs preview server to 5050, anyway today please fix the broken nav links",
		"- Docs preview server runs on 5050 via mkdocs serve.", "on 5000")
}

// TestVagueTargetIsNoTarget: a change whose only target is "a new" or
// "another" something says the value changed, not what it is now, and is
// no line; a change to a named value, or to a thing named plainly ("a
// monorepo"), has its target.
func TestVagueTargetIsNoTarget(t *testing.T) {
	for _, s := range []string{
		"Our sysadmin has moved the Redis to a new machine",
		"the lab moved the freezer logger to another building",
		"facilities switched the badge readers over to a different vendor",
		// what the change was for names no value it went to
		"I have changed the block size for less latency",
		"we switched the codec settings for better battery life",
	} {
		if !toldNoTarget(s) {
			t.Errorf("toldNoTarget(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"the lab moved the freezer logger to port 7001",
		"we switched the lab notebooks to a monorepo",
		"we moved the Redis to a new machine, cache01.internal",
		"we swapped the uno for a clone",
		"I changed the block size to 64 for less latency",
	} {
		if toldNoTarget(s) {
			t.Errorf("toldNoTarget(%q) = true, want false", s)
		}
	}
	if st, _ := classify("Our sysadmin has moved the Redis yesterday to a new machine.", false, source{}); st != nil {
		t.Errorf("a move to 'a new machine' read as %q", st.line)
	}
}

// TestChangedPronounIsNoLine: a change told of "it" with no value names
// neither what changed nor what it is now; with its value it stands.
func TestChangedPronounIsNoLine(t *testing.T) {
	for _, s := range []string{
		"not any more, we moved it into the cluster",
		"the facilities team have switched them over to the east wing",
	} {
		if !changedPronoun(s) {
			t.Errorf("changedPronoun(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"we moved it to port 9094",
		"we moved it to `freezer-logs.lab.internal`",
		"we moved the freezer logger into the cluster",
	} {
		if changedPronoun(s) {
			t.Errorf("changedPronoun(%q) = true, want false", s)
		}
	}
	if st, _ := classify("Not any more — we moved it into the cluster last week.", false, source{}); st != nil {
		t.Errorf("a move of 'it' read as %q", st.line)
	}
}

// TestPastQualifiedPart: in a long run-on sentence whose early part holds
// the change for a while ("on my laptop"), the news told after that part
// is read on its own; a short sentence's qualifier covers all of it, and
// a sentence that asks tells no change.
func TestPastQualifiedPart(t *testing.T) {
	for _, tt := range []struct{ s, want string }{
		{"ok this is a long story, I have the conference badge printer app from the venue running on my laptop now because I'm helping at the desk and it grabs port 5000 for its admin page, so I moved our docs preview server to 5050,", "so I moved our docs preview server to 5050,"},
		{"long story, the vendor plate reader software from the core facility is running on my machine now because the licence only works there and it takes the serial port, so I moved the incubator logger to ttyUSB1", "so I moved the incubator logger to ttyUSB1"},
		{"for this test I moved the api to 9000", ""},
		{"ok this is a long story, I have the conference badge printer app from the venue running on my laptop now because I'm helping at the desk, so should I move our docs preview server to 5050?", ""},
	} {
		if got := pastQualifiedPart(tt.s); got != tt.want {
			t.Errorf("pastQualifiedPart(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestHoldsTag: a pending line holding a change's new version as an
// image's tag, with a "v" or without, already makes the change.
func TestHoldsTag(t *testing.T) {
	for _, tt := range []struct {
		line, v string
		want    bool
	}{
		{"Envoy image: envoyproxy/envoy:v1.31.2.", "1.31.2", true},
		{"Default image: `python:3.12-slim`.", "3.12-slim", true},
		{"Envoy image: envoyproxy/envoy:v1.31.2.", "1.31", false},
		{"Grafana at http://grafana.lan:3000.", "3000", false},
	} {
		if got := holdsTag(tt.line, tt.v); got != tt.want {
			t.Errorf("holdsTag(%q, %q) = %v, want %v", tt.line, tt.v, got, tt.want)
		}
	}
}

// TestQuitRe: a tool the person no longer uses, named with a few words
// after it or as the verb of what is no longer done; a word no name is
// written as (a verb without a joint) is none.
func TestQuitRe(t *testing.T) {
	for s, want := range map[string]string{
		"No, we don't do the compose MinIO thing any more.": "compose",
		"nah we don't include_str the shaders anymore":      "include_str",
		"we don't do bullmq anymore":                        "bullmq",
		"we don't ship the shaders anymore":                 "",
	} {
		got := ""
		if m := quitRe().FindStringSubmatch(s); m != nil {
			got = pickValue(trimValue(firstNonEmpty(m[1:])))
		}
		if got != want {
			t.Errorf("quitRe(%q) names %q, want %q", s, got, want)
		}
	}
}

// TestGoesFromTo: a value said to go from one to another ("the cut-off
// goes from 50 to 60") may be a decision or what was seen: told with no
// word of change it only edits the memory line holding the old value
// (decided); told with one ("now") it is a change like any other.
func TestGoesFromTo(t *testing.T) {
	for _, tt := range []struct {
		sentence string
		decided  bool
	}{
		{"the cut-off in words.tsv goes from 50 to 60.", true},
		{"it goes from 1000 to 2000 again, did you change the range back?", true},
		{"the cut-off in words.tsv goes from 50 to 60 now.", false},
	} {
		cs := changesIn(tt.sentence, "", "", "", source{quote: tt.sentence})
		if len(cs) != 1 || cs[0].decided != tt.decided {
			t.Errorf("changesIn(%q) = %+v, want one change, decided %v", tt.sentence, cs, tt.decided)
		}
	}
}

// TestGiveUpNotFall: a verb of giving up used for a fall ("dropped off the
// wifi", "dropped to SAFEOP") or with an object after it ("halodesk
// dropped jquery"), and a thing said to be no longer at a place, give up
// nothing the name before it names; said of the name alone, or going on
// with the sentence ("dropped in favour of", "taken by"), it does.
func TestGiveUpNotFall(t *testing.T) {
	for _, tt := range []struct {
		s, name string
		want    bool
	}{
		{"the pi dropped off the wifi again tuesday", "pi", false},
		{"The drives dropped to SAFEOP twice during the night test.", "drives", false},
		{"halodesk dropped jquery in the 24.2 release", "halodesk", false},
		{"poetry dropped, we use uv", "poetry", true},
		{"flake8 dropped in favour of ruff", "flake8", true},
		{"the old cluster retired completely last week", "cluster", true},
		{"metro on 8082 now. 8081 taken by the vet app", "8081", true},
		{"please mount it read-only, I would be heartbroken if Immich ever deleted one of those scans", "immich", false},
		{"parsing is not on the gui thread anymore", "parsing", false},
		{"yarn is not used anymore", "yarn", true},
	} {
		got := false
		for _, m := range oldOnlyMatches(tt.s) {
			got = got || strings.Contains(strings.ToLower(m[0]), tt.name)
		}
		if got != tt.want {
			t.Errorf("oldOnlyMatches(%q) gives up %q: %v, want %v (%q)", tt.s, tt.name, got, tt.want, oldOnlyMatches(tt.s))
		}
	}
}

// TestNewValueForZone: of two values written alike, the one of the old
// value's kind took its place: a bucket's name, not the region the
// sentence puts it in.
func TestNewValueForZone(t *testing.T) {
	s := "for 2026 we get a new bucket, wahl-live-2026, in eu-central-1. The old rnd-wahl-2025 stays as archive, so don't write there any more."
	if got := newValueFor(s, "rnd-wahl-2025"); got != "wahl-live-2026" {
		t.Errorf("newValueFor(bucket) = %q, want wahl-live-2026", got)
	}
	if got := newValueFor("we left us-east-1, the cluster is in eu-central-1 now", "us-east-1"); got != "eu-central-1" {
		t.Errorf("newValueFor(zone) = %q, want eu-central-1", got)
	}
}
