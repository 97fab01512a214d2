// The sighting form: validated and stored by Lakes itself, through the "sighting" handler.
'use strict';

(() => {
  const form = document.getElementById('sighting');
  const status = document.getElementById('status');
  const list = document.getElementById('sightings');
  const empty = document.getElementById('empty');
  const lakeNames = Object.fromEntries([...form.lake.options].map(option => [option.value, option.textContent]));
  const native = window.webkit?.messageHandlers?.sighting;

  function show(sighting) {
    const item = document.createElement('li');
    const heading = document.createElement('strong');
    heading.textContent = lakeNames[sighting.lake] || sighting.lake;
    const meta = document.createElement('span');
    meta.className = 'sighting-meta';
    meta.textContent = ` — ${sighting.name}, ${new Date(sighting.date).toLocaleDateString()}`;
    item.append(heading, meta);
    if (sighting.note) {
      const note = document.createElement('p');
      note.textContent = sighting.note;
      item.append(note);
    }
    list.append(item);
    empty.hidden = true;
  }

  function say(text, kind) {
    status.textContent = text;
    status.dataset.kind = kind;
  }

  // Called by Lakes through callJavaScript once a sighting is stored.
  window.lakesSightings = {
    added(sighting) {
      show(sighting);
      form.reset();
      say('Saved. Thank you!', 'ok');
    },
  };

  form.addEventListener('submit', async event => {
    event.preventDefault();
    if (!native) return say('Sightings can only be saved in the Lakes app.', 'error');
    for (const field of form.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
    say('Saving…', 'busy');
    try {
      await native.postMessage({ action: 'save', sighting: Object.fromEntries(new FormData(form)) });
    } catch (error) {
      const message = String(error.message || error);
      say(message, 'error');
      const field = ['name', 'email', 'lake', 'note'].find(name => message.toLowerCase().includes(name));
      if (field) {
        form[field].setAttribute('aria-invalid', 'true');
        form[field].focus();
      }
    }
  });

  if (native) native.postMessage({ action: 'list' }).then(all => all.forEach(show)).catch(() => {});
})();
