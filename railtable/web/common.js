// Shared helpers of the Railtable pages: language, strings, safe DOM building.

const STRINGS = {
  en: {
    app: "Railtable", lobby: "Lobby", new_table: "New table", game: "Game", players: "Players",
    your_name: "Your name", seat: "Seat", me: "Me", human: "Human (invite link)",
    bot: "Bot", options: "Options", create: "Create table", open_tables: "Waiting for players",
    running_tables: "Playing now", finished_tables: "Finished", join: "Join", watch: "Watch",
    replay: "Replay", free_seat: "free seat", none: "None", links: "Seat links",
    links_note: "Send each invited player their own link: it opens the seat once, in one browser, and then stops working.",
    go_to_seat: "Go to my seat", watch_table: "Watch the table", turn_of: "Turn:",
    your_turn: "Your turn", choices: "Your choices", waiting: "Waiting for", log: "Game log",
    undo: "Take back", spectator: "You are watching", game_over: "Game over",
    winner: "Winner", winners: "Winners", score: "Score", reason: "Reason",
    connecting: "Connecting…", connected: "Connected", disconnected: "Connection lost, reconnecting…",
    claim_title: "Take this seat", claim: "Sit down", not_started: "Waiting for every seat to be taken",
    back_to_lobby: "Lobby", moves: "moves", start: "Start", prev: "Back", next: "Forward",
    end: "End", step: "Step", no_tables: "No tables", name_needed: "Enter your name",
    offline: "offline", description: "About", seats_taken: "Seats",
    error: "Error", bot_spec: "Bot and its parameters, e.g. mcts(ms=500)",
    "botname.random": "random moves", "botname.heuristic": "heuristic",
    "botname.mcts": "search (MCTS)", "botname.greedy": "greedy", "botname.cautious": "cautious",
    "err.illegal": "That move is not allowed now.", "err.stale": "The table moved on; try again.",
    "err.not_your_turn": "It is not your turn.", "err.forbidden": "Spectators cannot act.",
    "err.bad_token": "This seat link is not valid.", "err.too_large": "Message too large.",
    "err.bad_message": "Malformed message.", "err.no_undo": "You cannot take that back now.",
    "err.not_found": "No such table.", "err.finished": "The game is over.",
    "err.storage": "The server cannot reach its database, so the move was not made; try again in a moment.",
    "err.not_started": "The game has not started.", "err.bad_name": "Please enter a name (1-32 characters).",
    "err.no_seat": "There is no free seat.",
    "err.bad_invitation": "This invitation link does not work: it has been used already, or it is incomplete.",
    "err.seat_held": "This browser already has a seat at this table; send the link to the player it is for.",
    "err.bad_origin": "Open the table from this site.",
    "err.bad_request": "The request is not valid.",
    invited_seat: "invited", table_name: "Table name", private_table: "Private: only invitation links open it",
    open_seat: "Anyone from the lobby", tables: "Tables", all_states: "All tables",
    all_games: "All games", search: "Search by table name", my_seat: "my seat",
    private_badge: "private", page_of: "{a}–{b} of {n}", prev_page: "Previous", next_page: "Next",
    invite_opening: "Opening your seat…", invite_missing: "This page opens an invitation link, and there is none here.",
    "err.rate_limited": "Too many requests; wait a little.", "err.bot_limit": "This bot asks for more than the server allows.",
    "err.bad_bot": "This bot cannot be made.", "err.bad_options": "These options are not valid.",
    "err.too_deep": "Malformed message.", "err.bad_unicode": "The text is not valid Unicode.",
    "err.bad_number": "The message has a number that is not valid.", "err.bad_json": "Malformed request.",
    watching: "Watching",
  },
  ru: {
    app: "Railtable", lobby: "Лобби", new_table: "Новый стол", game: "Игра", players: "Игроки",
    your_name: "Ваше имя", seat: "Место", me: "Я", human: "Человек (по ссылке)",
    bot: "Бот", options: "Настройки", create: "Создать стол", open_tables: "Ждут игроков",
    running_tables: "Идут сейчас", finished_tables: "Завершённые", join: "Сесть",
    watch: "Смотреть", replay: "Повтор", free_seat: "свободно", none: "Нет", links: "Ссылки на места",
    links_note: "Отправьте каждому приглашённому его ссылку: она откроет место один раз, в одном браузере, и больше не сработает.",
    go_to_seat: "Перейти к своему месту", watch_table: "Смотреть стол", turn_of: "Ход:",
    your_turn: "Ваш ход", choices: "Ваши варианты", waiting: "Ждём", log: "Журнал партии",
    undo: "Отменить ход", spectator: "Вы зритель", game_over: "Игра окончена",
    winner: "Победитель", winners: "Победители", score: "Очки", reason: "Причина",
    connecting: "Подключение…", connected: "Подключено", disconnected: "Связь потеряна, переподключаемся…",
    claim_title: "Занять это место", claim: "Сесть", not_started: "Ждём, пока займут все места",
    back_to_lobby: "Лобби", moves: "ходов", start: "В начало", prev: "Назад", next: "Вперёд",
    end: "В конец", step: "Шаг", no_tables: "Столов нет", name_needed: "Введите имя",
    offline: "не в сети", description: "Об игре", seats_taken: "Места",
    error: "Ошибка", bot_spec: "Бот и его параметры, например mcts(ms=500)",
    "botname.random": "случайные ходы", "botname.heuristic": "эвристика",
    "botname.mcts": "поиск (MCTS)", "botname.greedy": "жадный", "botname.cautious": "осторожный",
    "err.illegal": "Этот ход сейчас невозможен.", "err.stale": "Стол уже изменился, попробуйте ещё раз.",
    "err.not_your_turn": "Сейчас не ваш ход.", "err.forbidden": "Зрители не могут ходить.",
    "err.bad_token": "Ссылка на место недействительна.", "err.too_large": "Слишком длинное сообщение.",
    "err.bad_message": "Неверное сообщение.", "err.no_undo": "Этот ход уже нельзя отменить.",
    "err.not_found": "Такого стола нет.", "err.finished": "Игра окончена.",
    "err.storage": "Сервер не может связаться с базой данных, ход не сделан; попробуйте чуть позже.",
    "err.not_started": "Игра ещё не началась.", "err.bad_name": "Введите имя (1–32 символа).",
    "err.no_seat": "Свободных мест нет.",
    "err.bad_invitation": "Ссылка-приглашение не работает: ею уже воспользовались, или она неполная.",
    "err.seat_held": "В этом браузере уже есть место за этим столом; отправьте ссылку тому, кому она предназначена.",
    "err.bad_origin": "Откройте стол с этого сайта.",
    "err.bad_request": "Неверный запрос.",
    invited_seat: "по приглашению", table_name: "Название стола", private_table: "Закрытый: открывается только по ссылкам-приглашениям",
    open_seat: "Любой из лобби", tables: "Столы", all_states: "Все столы",
    all_games: "Все игры", search: "Поиск по названию стола", my_seat: "моё место",
    private_badge: "закрытый", page_of: "{a}–{b} из {n}", prev_page: "Назад", next_page: "Дальше",
    invite_opening: "Открываем ваше место…", invite_missing: "Эта страница открывает ссылку-приглашение, а её здесь нет.",
    "err.rate_limited": "Слишком много запросов; подождите немного.", "err.bot_limit": "Этот бот просит больше, чем позволяет сервер.",
    "err.bad_bot": "Такого бота не создать.", "err.bad_options": "Неверные настройки.",
    "err.too_deep": "Неверное сообщение.", "err.bad_unicode": "Текст — не корректный Юникод.",
    "err.bad_number": "В сообщении неверное число.", "err.bad_json": "Неверный запрос.",
    watching: "Зрители",
  },
};

export function getLang() {
  const saved = localStorage.getItem("railtable.lang");
  if (saved === "ru" || saved === "en") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

export function setLang(lang) {
  localStorage.setItem("railtable.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, lang) {
  return (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
}

export function errorText(err, lang) {
  const k = "err." + (err.code || err.error);
  const known = STRINGS[lang][k] || STRINGS.en[k];
  return known ? known + (err.message ? ` (${err.message})` : "") : (err.message || String(err.code));
}

// el("div", {class: "x", onclick: f}, "text", child): the shared builder of web/dom.js.
import {html as el} from "./dom.js";
export {el};

export function langSwitch(lang, onChange) {
  const wrap = el("span", {class: "lang-switch"});
  for (const l of ["ru", "en"]) {
    wrap.append(el("button", {
      type: "button", class: l === lang ? "active" : "", "data-lang": l,
      onclick: () => { setLang(l); onChange(l); },
    }, l === "ru" ? "RU" : "EN"));
  }
  return wrap;
}

// A bot's name for people: "heuristic" in the player's language; a spec with parameters
// (mcts(ms=500)) keeps them after the name.
export function botName(spec, lang) {
  const m = /^([a-z_]+)(.*)$/.exec(spec || "");
  if (!m) return spec;
  const known = STRINGS[lang]["botname." + m[1]] || STRINGS.en["botname." + m[1]];
  return known ? known + m[2] : spec;
}

export function playerName(p, lang) {
  if (!p) return "?";
  if (p.kind === "bot") return `${t("bot", lang)}: ${botName(p.bot, lang)}`;
  return p.name || t(p.invited ? "invited_seat" : "free_seat", lang);
}

export function title(obj, lang) {
  if (!obj) return "";
  return obj[lang] || obj.en || Object.values(obj)[0] || "";
}

export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(data.message || r.statusText), data);
  return data;
}

export function tokenKey(tableId) { return `railtable.token.${tableId}`; }
