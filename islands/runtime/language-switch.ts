/**
 * The language switcher (landing and sign-in screens): keeps the choice in localStorage
 * "app-language" (spec point 1) and mirrors it in a cookie so the server renders the page in
 * that language, then reloads. Plain DOM code: the landing page ships no React.
 */
const storageKey = "app-language";

export function setLanguage(lang: "en" | "id") {
  try {
    localStorage.setItem(storageKey, lang);
  } catch {
    // storage unavailable: the cookie still carries the choice
  }
  document.cookie = `${storageKey}=${lang}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

export function bindLanguageSwitchers(root: ParentNode = document) {
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-set-language]")) {
    button.addEventListener("click", () => {
      const lang = button.dataset.setLanguage;
      if (lang === "en" || lang === "id") setLanguage(lang);
    });
  }
}
