// Placeholder until the page's script lands (branch html-page): decodes
// every chunk and shows each entry as a <pre>, blocks with data-address.
"use strict";
(async () => {
  const meta = JSON.parse(document.getElementById("tfs-meta").textContent);
  const inflate = async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  };
  const decoder = new TextDecoder();
  const main = document.createElement("main");
  const h1 = document.createElement("h1");
  h1.textContent = meta.title;
  main.appendChild(h1);
  for (const el of document.querySelectorAll("script.tfs-chunk")) {
    const text = await inflate(el.textContent);
    const index = JSON.parse(decoder.decode(await inflate(el.dataset.index)));
    for (const [kind, section, address, , , offset, length] of index) {
      const pre = document.createElement("pre");
      pre.textContent = decoder.decode(text.subarray(offset, offset + length)).replace(/\x1b\[[0-9;]*m/g, "");
      if (kind === "block") {
        pre.setAttribute("data-address", address);
        pre.setAttribute("data-section", section);
      }
      main.appendChild(pre);
    }
  }
  document.body.appendChild(main);
  document.documentElement.setAttribute("data-state", "ready");
})();
