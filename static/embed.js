// bitscope embeds on any page: add
//   <script src="https://…/bitscope/static/embed.js" async></script>
// and every <iframe> showing this bitscope (its src starts with the folder
// embed.js came from, or it has a data-bitscope attribute) gets its full
// width and the height of its content, which the frame posts on every
// resize (src/ui/embed.rs). Nothing else on the page is touched.
(function () {
  var me = document.currentScript;
  var base = new URL('..', (me && me.src) || location.href).href;
  function ours(f) {
    return f.hasAttribute('data-bitscope') || (f.src || '').indexOf(base) === 0;
  }
  function frames() {
    return Array.prototype.filter.call(document.getElementsByTagName('iframe'), ours);
  }
  function prepare(f) {
    if (f.dataset.bitscopeReady) return;
    f.dataset.bitscopeReady = '1';
    if (!f.style.width) f.style.width = '100%';
    f.style.border = f.style.border || '0';
    if (!f.title) f.title = 'bitscope';
    f.addEventListener('load', function () { ask(f); });
    ask(f);
  }
  // A frame that loaded before this script ran has posted its height to
  // nobody yet: ask it again.
  function ask(f) {
    try { f.contentWindow.postMessage({ bitscope: 'height?' }, '*'); } catch (e) {}
  }
  addEventListener('message', function (e) {
    var d = e.data;
    if (!d || d.bitscope !== 'height' || !(d.height > 0)) return;
    frames().forEach(function (f) {
      if (f.contentWindow === e.source) f.style.height = Math.ceil(d.height) + 'px';
    });
  });
  function scan() { frames().forEach(prepare); }
  scan();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
})();
