extension WebAssets {
    /// The one ES module: gestures, the timer (only while media is on screen), seen/likes/mutes
    /// through an outbox that survives a lost connection, preloading, the gallery's scroll.
    /// Every move's target comes from the server (``StoryPage``): no viewer rule is here.
    static let script = #"""
        // Stories' web viewer module. Events go to window.storiesEvents, kept for the tab's life
        // across pages in sessionStorage (the tests read them; the terminal's --json names them).
        const events = (window.storiesEvents = (() => { try { return JSON.parse(sessionStorage.getItem('stories.events')) || []; } catch { return []; } })());
        const emit = (event, fields = {}) => {
          events.push({ event, ...fields });
          try { sessionStorage.setItem('stories.events', JSON.stringify(events.slice(-500))); } catch { /* kept in memory */ }
        };
        // As HTML.segment: unreserved letters, digits, - and _ kept; an id of dots alone after a ~.
        const seg = (id) => (/^\.+$/.test(id) ? '~' : '') +
          encodeURIComponent(id).replace(/[.!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
        const store = {
          get(key, fallback) { try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch { return fallback; } },
          set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: kept in memory only */ } },
        };

        // The outbox: every write waits here until the server has it (a lost connection loses nothing).
        const OUTBOX = 'stories.outbox';
        let sending = false, retryTimer = 0;
        async function flush() {
          if (sending) return;
          sending = true;
          try {
            for (let list = store.get(OUTBOX, []); list.length; list = store.get(OUTBOX, [])) {
              const write = list[0];
              let answer;
              try {
                answer = await fetch(write.url, { method: write.method, credentials: 'same-origin', keepalive: true,
                  headers: write.body ? { 'content-type': 'application/json' } : {},
                  body: write.body ? JSON.stringify(write.body) : undefined });
              } catch { answer = null; }
              if (!answer || answer.status >= 500) { clearTimeout(retryTimer); retryTimer = setTimeout(flush, 5000); break; }
              store.set(OUTBOX, store.get(OUTBOX, []).slice(1));
              emit(answer.ok ? 'delivered' : 'refused', { url: write.url, status: answer.status });
            }
          } finally { sending = false; }
        }
        function send(method, url, body) {
          store.set(OUTBOX, [...store.get(OUTBOX, []), { method, url, body }]);
          flush();
        }
        addEventListener('online', flush);
        if (store.get(OUTBOX, []).length) flush();

        // Seen marks, batched: one write a second at most, and whatever is left when the page goes.
        // One batch a user: the server finds the items in that user's story alone.
        let seenBatch = {}, seenTimer = 0;
        function markSeen(user, id) {
          (seenBatch[user] = seenBatch[user] || []).push(id);
          if (!seenTimer) seenTimer = setTimeout(sendSeen, 1000);
        }
        function sendSeen() {
          clearTimeout(seenTimer); seenTimer = 0;
          for (const [user, items] of Object.entries(seenBatch)) send('POST', '/api/seen', { user, items });
          seenBatch = {};
        }
        addEventListener('pagehide', sendSeen);

        const viewerRoot = document.querySelector('[data-viewer]');
        if (viewerRoot) startViewer(viewerRoot);
        const trayRoot = document.querySelector('[data-tray]');
        if (trayRoot) startTray(trayRoot);
        const galleryRoot = document.querySelector('[data-gallery]');
        if (galleryRoot) startGallery(galleryRoot);

        function startViewer(root) {
          document.documentElement.classList.add('js');
          // Opened by a tap in the tray (closing goes back there), or by a link from elsewhere.
          let openedFromTray = false;
          try { openedFromTray = sessionStorage.getItem('stories.opened') === '1'; sessionStorage.removeItem('stories.opened'); } catch { /* a link */ }
          let story = JSON.parse(document.getElementById('story-data').textContent);
          const stage = root.querySelector('.stage');
          const bars = root.querySelector('.bars');
          const status = root.querySelector('.status');
          const chrome = root.querySelector('.chrome');
          const img = document.createElement('img');
          const video = document.createElement('video');
          img.className = video.className = 'media';
          video.playsInline = true; video.muted = true; video.preload = 'auto';
          video.setAttribute('playsinline', ''); video.setAttribute('muted', '');
          stage.replaceChildren(img, video);
          const spinner = el('div', 'spinner'); spinner.hidden = true; stage.append(spinner);
          const problem = el('div', 'problem'); problem.hidden = true; stage.append(problem);
          const tools = el('div', 'tools'); chrome.append(tools);
          const pauseButton = button(tools, 'pause', 'Pause', () => (paused ? resume() : pause()));
          let sound = store.get('stories.sound', false);
          const soundButton = button(tools, 'sound', '', () => { sound = !sound; store.set('stories.sound', sound); video.muted = !sound; label(); });
          let reader = store.get('stories.reader', false);
          const readerButton = button(tools, 'reader', 'Reader mode', () => { reader = !reader; store.set('stories.reader', reader); label(); });
          const likeForm = root.querySelector('form.like'), muteForm = root.querySelector('form.mute');
          let index = 0, elapsed = 0, ready = false, failed = false, paused = false, held = false, buffering = false;
          let hidden = document.hidden, last = 0, frame = 0, loadToken = 0, spinnerTimer = 0, deadline = 0;
          const kept = [];
          const item = () => story.items[index];
          const running = () => ready && !failed && !paused && !held && !hidden && !buffering;
          function el(tag, cls) { const e = document.createElement(tag); e.className = cls; return e; }
          function button(parent, cls, text, action) {
            const b = el('button', cls); b.type = 'button'; b.textContent = text;
            b.addEventListener('click', (e) => { e.stopPropagation(); action(); });
            parent.append(b); return b;
          }
          function label() {
            pauseButton.textContent = paused ? 'Play' : 'Pause';
            pauseButton.setAttribute('aria-pressed', String(paused));
            soundButton.textContent = sound ? 'Sound on' : 'Sound off';
            soundButton.setAttribute('aria-pressed', String(sound));
            readerButton.setAttribute('aria-pressed', String(reader));
            root.classList.toggle('reader', reader);
            root.classList.toggle('held', held);
            const liked = item().liked;
            likeForm.querySelector('button').textContent = liked ? '♥ Liked' : '♡ Like';
            likeForm.querySelector('button').setAttribute('aria-pressed', String(liked));
            muteForm.querySelector('button').textContent = story.user.muted ? 'Unmute' : 'Mute';
          }
          function drawBars() {
            bars.replaceChildren(...story.items.map((it) => {
              const s = el('div', 'seg'); s.append(document.createElement('i'));
              s.setAttribute('role', 'progressbar'); s.setAttribute('aria-label', `Item ${it.index + 1} of ${story.items.length}`);
              s.setAttribute('aria-valuemin', '0'); s.setAttribute('aria-valuemax', '100');
              return s;
            }));
          }
          function progress(fraction) {
            [...bars.children].forEach((s, i) => {
              const value = i < index ? 1 : i > index ? 0 : Math.max(0, Math.min(1, fraction));
              s.firstChild.style.width = (value * 100).toFixed(2) + '%';
              s.setAttribute('aria-valuenow', String(Math.round(value * 100)));
            });
          }
          function show(i) {
            index = i; elapsed = 0;
            const it = item();
            root.dataset.userId = story.user.id; root.dataset.itemId = it.id;
            root.dataset.index = String(i); root.dataset.count = String(story.items.length);
            history.replaceState(null, '', it.url);
            status.textContent = `${story.user.name}, ${i + 1} of ${story.items.length}`;
            const caption = chrome.querySelector('.caption'), link = chrome.querySelector('.link');
            if (caption) caption.remove(); if (link) link.remove();
            if (it.link) { const a = el('a', 'link'); a.href = it.link; a.rel = 'noopener noreferrer'; a.target = '_blank'; a.textContent = 'Open link'; chrome.prepend(a); }
            if (it.caption) { const p = el('p', 'caption'); p.textContent = it.caption; chrome.prepend(p); }
            likeForm.action = it.url + '/like'; muteForm.action = it.url + '/mute';
            emit('itemShown', { user: story.user.id, item: it.id, index: i, count: story.items.length });
            label(); progress(0); load();
          }
          function load() {
            const token = ++loadToken, it = item();
            ready = false; failed = false; buffering = false; problem.hidden = true;
            clearTimeout(spinnerTimer); spinnerTimer = setTimeout(() => { if (token === loadToken && !ready && !failed) spinner.hidden = false; }, 300);
            clearTimeout(deadline); deadline = setTimeout(() => { if (token === loadToken && !ready && !failed) fail('it took longer than 20 seconds to load'); }, 20000);
            if (it.type === 'video') {
              img.hidden = true; img.removeAttribute('src'); video.hidden = false;
              video.poster = it.poster || ''; video.src = it.src; video.muted = !sound;
              video.play().catch((error) => {
                if (token !== loadToken) return;
                if (error && error.name === 'NotAllowedError' && !video.muted) { video.muted = true; return video.play().catch(() => {}); }
                if (error && error.name !== 'AbortError') fail('the clip could not be played');
              });
            } else {
              video.pause(); video.removeAttribute('src'); video.load(); video.hidden = true; img.hidden = false;
              img.alt = it.alt || it.caption || `${story.user.name}, item ${it.index + 1}`;
              if (it.srcset) img.srcset = it.srcset; else img.removeAttribute('srcset');
              img.sizes = '100vw'; img.src = it.src;
              img.decode().then(() => { if (token === loadToken) mediaReady(); }, () => { if (token === loadToken) fail('the picture could not be loaded'); });
            }
          }
          function mediaReady() {
            if (ready || failed) return;
            ready = true; spinner.hidden = true; clearTimeout(deadline); clearTimeout(spinnerTimer);
            const it = item();
            emit('itemSeen', { user: story.user.id, item: it.id, index });
            if (!it.seen) { it.seen = true; markSeen(story.user.id, it.id); }
            if (it.type === 'video') emit('playbackStarted', { item: it.id });
            preload();
            if (paused || hidden) video.pause();
            tick();
          }
          function fail(reason) {
            if (failed) return;
            failed = true; ready = false; spinner.hidden = true; clearTimeout(deadline);
            img.hidden = true;  // a broken picture would show its alt text over the bars
            emit('mediaFailed', { item: item().id, reason });
            problem.replaceChildren();
            const p = document.createElement('p'); p.textContent = `Couldn't load this item: ${reason}.`; problem.append(p);
            button(problem, 'retry', 'Retry', () => { emit('retrying', { item: item().id }); load(); });
            button(problem, 'skip', 'Skip', () => go('next'));
            problem.hidden = false;
          }
          function preload() {
            kept.length = 0;
            const next = story.items[index + 1];
            const pictures = [next && (next.type === 'video' ? { src: next.poster } : next), story.preload && { src: story.preload }];
            for (const picture of pictures) {
              if (!picture || !picture.src) continue;
              const p = new Image(); p.sizes = '100vw';
              if (picture.srcset) p.srcset = picture.srcset;
              p.src = picture.src; kept.push(p);
            }
          }
          function tick() {
            cancelAnimationFrame(frame); frame = 0;
            if (!running()) return;
            last = performance.now();
            const step = (now) => {
              frame = 0;
              if (!running()) return;
              elapsed += now - last; last = now;
              const it = item();
              if (it.type === 'video') {
                const length = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : it.duration / 1000;
                progress(video.currentTime / length);
              } else {
                progress(elapsed / it.duration);
                if (elapsed >= it.duration) { if (story.autoAdvance && !reader) return go('next'); progress(1); return; }
              }
              frame = requestAnimationFrame(step);
            };
            frame = requestAnimationFrame(step);
          }
          function pause() { if (paused) return; paused = true; emit('paused'); video.pause(); label(); tick(); }
          function resume() { if (!paused) return; paused = false; emit('resumed'); if (ready && item().type === 'video') video.play().catch(() => {}); label(); tick(); }
          async function go(move) {
            if (paused) { paused = false; emit('resumed'); }
            const target = item().moves[move];
            if (!target || target === '/') return close();
            const at = story.items.findIndex((it) => it.url === target);
            if (at >= 0) return show(at);
            sendSeen();
            const parts = target.split('/');
            const from = story.user.id;
            try {
              const answer = await fetch(`/api/users/${parts[2]}?item=${parts[3]}`, { credentials: 'same-origin' });
              if (!answer.ok) throw new Error(String(answer.status));
              story = await answer.json();
            } catch { location.href = target; return; }
            emit('userChanged', { from, to: story.user.id });
            drawBars(); show(story.start);
          }
          function close() {
            loadToken++; video.pause(); sendSeen();
            emit('closed');
            // Back to the tray page it came from, the story's entry replaced: Back after a close
            // goes where the person was before the story, not into it again.
            let tray = '/';
            try { tray = sessionStorage.getItem('stories.tray') || '/'; } catch { /* the first page */ }
            if (openedFromTray && history.length > 1) history.back();
            else location.replace(tray.startsWith('/') && !tray.startsWith('//') ? tray : '/');
          }
          video.addEventListener('playing', () => { buffering = false; mediaReady(); tick(); });
          video.addEventListener('waiting', () => { buffering = true; tick(); });
          video.addEventListener('ended', () => { if (ready) { progress(1); if (story.autoAdvance && !reader) go('next'); } });
          video.addEventListener('error', () => { if (video.getAttribute('src')) fail('the clip could not be played'); });
          document.addEventListener('visibilitychange', () => {
            hidden = document.hidden;
            if (hidden) video.pause(); else if (ready && !paused && !held && item().type === 'video') video.play().catch(() => {});
            tick();
          });
          likeForm.addEventListener('submit', (e) => {
            e.preventDefault();
            const it = item(); it.liked = !it.liked;
            send(it.liked ? 'PUT' : 'DELETE', '/api/likes/' + seg(it.id));
            emit(it.liked ? 'liked' : 'unliked', { item: it.id }); label();
          });
          muteForm.addEventListener('submit', (e) => {
            e.preventDefault();
            story.user.muted = !story.user.muted;
            send(story.user.muted ? 'PUT' : 'DELETE', '/api/mutes/' + seg(story.user.id));
            emit(story.user.muted ? 'muted' : 'unmuted', { user: story.user.id }); label();
          });
          // Gestures: tap the left third back, elsewhere on; hold pauses; swipe sideways between people, down to close.
          let touch = null, holdTimer = 0;
          stage.addEventListener('pointerdown', (e) => {
            touch = { x: e.clientX, y: e.clientY };
            clearTimeout(holdTimer);
            holdTimer = setTimeout(() => { held = true; emit('paused'); video.pause(); label(); tick(); }, 250);
          });
          stage.addEventListener('pointermove', (e) => {
            if (touch && Math.hypot(e.clientX - touch.x, e.clientY - touch.y) > 12) clearTimeout(holdTimer);
          });
          const release = (e, act) => {
            clearTimeout(holdTimer);
            if (!touch) return;
            const dx = e.clientX - touch.x, dy = e.clientY - touch.y;
            touch = null;
            if (held) { held = false; emit('resumed'); if (ready && item().type === 'video') video.play().catch(() => {}); label(); tick(); return; }
            if (!act) return;
            if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 'nextUser' : 'previousUser');
            else if (dy > 80 && dy > Math.abs(dx)) close();
            else if (Math.abs(dx) < 12 && Math.abs(dy) < 12) go(e.clientX - stage.getBoundingClientRect().left < stage.clientWidth / 3 ? 'previous' : 'next');
          };
          stage.addEventListener('pointerup', (e) => release(e, true));
          stage.addEventListener('pointercancel', (e) => release(e, false));
          stage.addEventListener('contextmenu', (e) => e.preventDefault());
          document.addEventListener('keydown', (e) => {
            if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('input,textarea')) return;
            const act = { ArrowRight: () => go('next'), ArrowLeft: () => go('previous'), Escape: close,
              ' ': () => (paused ? resume() : pause()), l: () => likeForm.requestSubmit(), m: () => muteForm.requestSubmit() }[e.key];
            if (act) { e.preventDefault(); act(); }
          });
          drawBars(); show(story.start);
        }

        // The tray: rings refreshed when the tab comes back (state changed elsewhere shows).
        function startTray(root) {
          // Where a closed story goes back to (no Referer is sent: Referrer-Policy no-referrer),
          // and whether it was opened from here (then closing is going back).
          try { sessionStorage.setItem('stories.tray', location.pathname + location.search); } catch { /* the tray's first page */ }
          root.addEventListener('click', (e) => {
            if (e.target.closest('a[data-user-id]')) try { sessionStorage.setItem('stories.opened', '1'); } catch { /* closing replaces */ }
          });
          document.addEventListener('visibilitychange', async () => {
            if (document.hidden) return;
            try {
              const answer = await fetch(`/api/tray?page=${root.dataset.page}`, { credentials: 'same-origin' });
              if (!answer.ok) return;
              for (const user of (await answer.json()).users) {
                const link = root.querySelector(`a[data-user-id="${CSS.escape(user.id)}"]`);
                if (!link) continue;
                link.classList.remove('ring-unseen', 'ring-seen', 'ring-muted');
                link.classList.add('ring-' + (user.muted ? 'muted' : user.ring));
                link.querySelector('.state').textContent = user.muted ? 'muted' : user.ring === 'seen' ? 'all seen' : `${user.items - user.seenItems} new`;
              }
              emit('trayRefreshed');
            } catch { /* offline: the rings stay as they were */ }
          });
        }

        // The gallery: the next page joins as the end comes into view (the link works without this).
        function startGallery(root) {
          const watch = () => {
            const more = root.querySelector('a.more');
            if (!more) return;
            const seen = new IntersectionObserver(async (entries) => {
              if (!entries.some((e) => e.isIntersecting)) return;
              seen.disconnect();
              try {
                const answer = await fetch(more.href, { credentials: 'same-origin' });
                const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
                root.querySelector('.grid').append(...page.querySelectorAll('.grid > li'));
                root.querySelector('.pages').replaceWith(page.querySelector('.pages'));
                watch();
              } catch { /* the link still works */ }
            }, { rootMargin: '600px' });
            seen.observe(more);
          };
          watch();
        }
        """#
}
