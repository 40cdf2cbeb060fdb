// Kasih app icon generator: draws the 1024 × 1024 icon Facebook requires on a canvas and offers
// it as a PNG. A separate file because the page's policy allows no inline script.
(function () {
  "use strict";
  var SIZE = 1024;
  var THEMES = {
    rose: { from: "#e4457c", to: "#a81d51", heart: "#ffffff", cross: "#c92a64", text: "#ffffff" },
    plum: { from: "#4a2d52", to: "#2a1a2e", heart: "#e4457c", cross: "#ffffff", text: "#fde7ef" },
    gold: { from: "#f5b942", to: "#e09b1b", heart: "#ffffff", cross: "#c92a64", text: "#2a1a2e" },
  };
  var TEXT = {
    en: {
      back: "← OAuth Testing Dashboard",
      title: "Kasih app icon",
      lead: "Facebook asks for a 1024 × 1024 pixel app icon. Pick a style and download it as a PNG.",
      background: "Background",
      rose: "Rose",
      plum: "Plum",
      gold: "Gold",
      label: "Name under the heart",
      show: 'Show "Kasih"',
      hide: "Heart only",
      download: "Download PNG (1024 × 1024)",
      fact1: "Size: exactly 1024 × 1024 pixels, PNG.",
      fact2: "Category for the app: Social Networking (or Lifestyle).",
      fact3: "Upload it in Meta for Developers → App settings → Basic → App icon.",
      preview: "Kasih app icon preview",
      docTitle: "Kasih — app icon generator",
    },
    id: {
      back: "← Dasbor Pengujian OAuth",
      title: "Ikon aplikasi Kasih",
      lead: "Facebook meminta ikon aplikasi berukuran 1024 × 1024 piksel. Pilih gayanya lalu unduh sebagai PNG.",
      background: "Latar belakang",
      rose: "Merah mawar",
      plum: "Ungu tua",
      gold: "Emas",
      label: "Nama di bawah hati",
      show: 'Tampilkan "Kasih"',
      hide: "Hanya hati",
      download: "Unduh PNG (1024 × 1024)",
      fact1: "Ukuran: tepat 1024 × 1024 piksel, format PNG.",
      fact2: "Kategori aplikasi: Social Networking (atau Lifestyle).",
      fact3: "Unggah di Meta for Developers → App settings → Basic → App icon.",
      preview: "Pratinjau ikon aplikasi Kasih",
      docTitle: "Kasih — pembuat ikon aplikasi",
    },
  };
  // The heart and cross of the Kasih logo, on a 24-unit grid (same paths as the app's icons).
  var HEART = "M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z";

  var canvas = document.getElementById("icon");
  var download = document.getElementById("download");
  var ctx = canvas.getContext("2d");

  function selected(name) {
    var input = document.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function draw() {
    var theme = THEMES[selected("theme")] || THEMES.rose;
    var withName = selected("label") !== "no";
    ctx.clearRect(0, 0, SIZE, SIZE);
    var gradient = ctx.createLinearGradient(0, 0, SIZE, SIZE);
    gradient.addColorStop(0, theme.from);
    gradient.addColorStop(1, theme.to);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, SIZE, SIZE);

    // Soft light from the top left, so the flat colour has some depth.
    var glow = ctx.createRadialGradient(SIZE * 0.3, SIZE * 0.25, 0, SIZE * 0.3, SIZE * 0.25, SIZE * 0.8);
    glow.addColorStop(0, "rgba(255,255,255,0.22)");
    glow.addColorStop(1, "rgba(255,255,255,0)");
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, SIZE, SIZE);

    var scale = withName ? 25 : 30;
    var heartCenterY = withName ? SIZE * 0.43 : SIZE * 0.5;
    ctx.save();
    ctx.translate(SIZE / 2 - 12 * scale, heartCenterY - 12 * scale);
    ctx.scale(scale, scale);
    ctx.shadowColor = "rgba(42, 26, 46, 0.25)";
    ctx.shadowBlur = 1.2;
    ctx.shadowOffsetY = 0.4;
    ctx.fillStyle = theme.heart;
    ctx.fill(new Path2D(HEART));
    ctx.shadowColor = "transparent";
    // The cross inside the heart.
    ctx.strokeStyle = theme.cross;
    ctx.lineWidth = 1.6;
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(12, 7.4);
    ctx.lineTo(12, 15.6);
    ctx.moveTo(9.2, 10);
    ctx.lineTo(14.8, 10);
    ctx.stroke();
    ctx.restore();

    if (withName) {
      ctx.fillStyle = theme.text;
      ctx.textAlign = "center";
      ctx.textBaseline = "alphabetic";
      ctx.font = "700 150px Georgia, 'Times New Roman', serif";
      ctx.fillText("Kasih", SIZE / 2, SIZE * 0.86);
    }
    canvas.toBlob(function (blob) {
      if (!blob) return;
      if (download.dataset.url) URL.revokeObjectURL(download.dataset.url);
      var url = URL.createObjectURL(blob);
      download.dataset.url = url;
      download.href = url;
    }, "image/png");
  }

  function currentLanguage() {
    try {
      var stored = localStorage.getItem("app-language");
      if (stored === "en" || stored === "id") return stored;
    } catch (e) {
      // storage unavailable: fall back to the cookie
    }
    var match = document.cookie.match(/(?:^|; )app-language=(en|id)(?:;|$)/);
    return match ? match[1] : "en";
  }

  function applyLanguage(lang) {
    var text = TEXT[lang] || TEXT.en;
    document.documentElement.lang = lang;
    document.title = text.docTitle;
    canvas.setAttribute("aria-label", text.preview);
    var nodes = document.querySelectorAll("[data-text]");
    for (var i = 0; i < nodes.length; i++) {
      var key = nodes[i].getAttribute("data-text");
      if (text[key]) nodes[i].textContent = text[key];
    }
    var buttons = document.querySelectorAll("[data-lang]");
    for (var j = 0; j < buttons.length; j++) buttons[j].setAttribute("aria-pressed", String(buttons[j].getAttribute("data-lang") === lang));
  }

  function setLanguage(lang) {
    try {
      localStorage.setItem("app-language", lang);
    } catch (e) {
      // the cookie still carries the choice
    }
    document.cookie = "app-language=" + lang + "; path=/; max-age=31536000; samesite=lax";
    applyLanguage(lang);
  }

  document.addEventListener("change", function (event) {
    if (event.target && event.target.name) draw();
  });
  var langButtons = document.querySelectorAll("[data-lang]");
  for (var k = 0; k < langButtons.length; k++) {
    langButtons[k].addEventListener("click", function (event) {
      setLanguage(event.currentTarget.getAttribute("data-lang"));
    });
  }
  download.addEventListener("click", function (event) {
    // Until the first PNG is ready there is nothing to save.
    if (!download.dataset.url) event.preventDefault();
  });
  applyLanguage(currentLanguage());
  draw();
})();
