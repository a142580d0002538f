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
    yes: "yes", no: "no", "reason.unfinished": "the game was not finished", details: "Details",
    connecting: "Connecting…", connected: "Connected", disconnected: "Connection lost, reconnecting…",
    claim_title: "Take this seat", claim: "Sit down", not_started: "Waiting for every seat to be taken",
    back_to_lobby: "Lobby", moves: "moves", start: "Start", prev: "Back", next: "Forward",
    end: "End", step: "Step", no_tables: "No tables", name_needed: "Enter your name",
    offline: "offline", description: "About", seats_taken: "Seats",
    error: "Error", bot_spec: "Bot and its parameters, e.g. mcts(ms=500)",
    "botname.random": "random moves", "botname.heuristic": "heuristic",
    "botname.mcts": "search (MCTS)", "botname.greedy": "greedy", "botname.cautious": "cautious", "botname.policy": "trained policy",
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
    "err.bad_origin": "This request came from another site; use this site's own pages.",
    "err.bad_request": "The request is not valid.",
    "err.bad_table_name": "That table name is not allowed: 1-64 characters, no control characters.",
    "err.bad_action": "That move is malformed.", "err.bad_content_type": "The request is not JSON.",
    "err.bad_cookie": "The seat choice is not valid.", "err.bad_game": "There is no such game here.",
    "err.unknown_game": "There is no such game here.", "err.bad_private": "The private setting is not valid.", "err.bad_rated": "The rated setting is not valid.",
    "err.bad_record": "The game record cannot be replayed.", "err.bad_seat": "There is no such seat.",
    "err.bad_seats": "The seats are not valid for this game.", "err.internal": "Something went wrong on the server; try again.",
    "err.method_not_allowed": "The request is not allowed here.", "err.not_finished": "The record is shown once the game is over.",
    "err.rules_version": "The table was played with other rules and cannot be shown.",
    "err.unavailable": "The table cannot be loaded just now; try again.",
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
    clock: "Clock", "clock.none": "None (friendly)", "clock.live": "Live", "clock.turn": "Turn-based",
    move_seconds: "Seconds a move", reserve_minutes: "Reserve, minutes", move_hours: "Hours a move",
    reserve_days: "Reserve, days", timeout: "When time runs out", "timeout.bot": "a bot takes the seat",
    "timeout.drop": "the player is dropped (ranked last)", resign: "Resign", leave_team: "Leave the team",
    confirm_resign: "Resign? You will be ranked last and a bot will play your seat to the end.",
    confirm_leave: "Leave the team? A bot will take your seat.",
    take_back: "Take my seat back", cancel_table: "Cancel the table",
    confirm_cancel: "Cancel this table? Nobody will be able to play it.",
    "state.resigned": "resigned", "state.left": "left the team", "state.timeout": "out of time, a bot plays",
    "state.dropped": "dropped (out of time)", "status.abandoned": "Abandoned: every player left",
    "status.cancelled": "Cancelled by its creator", "status.expired": "Expired: not started in time",
    "ev.resigned": "resigned; a bot plays the seat", "ev.left": "left the team; a bot takes the seat",
    "ev.timeout": "ran out of time; a bot takes the seat", "ev.dropped": "ran out of time and is dropped",
    "ev.back": "took the seat back", "ev.cancelled": "The table was cancelled.",
    "ev.expired": "The table expired: its seats were not taken in time.",
    "ev.abandoned": "Every player has left: the game ends.", forfeited: "forfeited",
    bot_plays_you: "A bot plays your seat.",
    "err.bad_clock": "That clock is not allowed.", "err.bad_timeout": "That timeout setting is not allowed.",
    "err.already_resigned": "You have already left this game.", "err.forfeited": "You left this game; the seat cannot be taken back.",
    "err.not_taken": "No bot plays your seat.", "err.bot_seat": "A bot plays your seat now.",
    "err.seat_back": "The seat's player plays it again.", "err.time_out": "Your time for this move has run out.",
    "err.started": "The game has started: it cannot be cancelled.",
    "err.not_creator": "Only the table's creator can cancel it.",
    abandoned_tables: "Abandoned", cancelled_tables: "Cancelled", expired_tables: "Expired",
    account: "Account", guest_note: "You play as a guest. An account keeps your tables on every browser.",
    user_name: "User name", password: "Password", sign_up: "Sign up", sign_in: "Sign in", sign_out: "Sign out",
    signed_in_as: "Signed in as", change_password: "Change password", old_password: "Current password",
    new_password: "New password", password_changed: "The password is changed; other browsers are signed out.",
    "err.bad_account_name": "A user name has 3-32 characters, no control characters.",
    "err.bad_password": "A password has 8-128 characters.",
    "err.name_taken": "This user name is taken.",
    "err.bad_credentials": "The user name or the password is wrong.",
    "err.not_signed_in": "Sign in first.",
    "err.not_your_seat": "This seat belongs to another account.",
    play_bots: "Play against bots", play_bots_note: "A table with bots in the other seats; you sit down at once.",
    bots_table_name: "{game}: {name} against bots", guest: "Guest",
    zoom_in: "Enlarge the map", zoom_out: "Fit the map to the screen",
    leaderboards: "Leaderboards", leaderboard: "Leaderboard", my_profile: "My profile", profile: "Profile",
    rated_table: "Rated: counts for ratings if every player is signed in",
    rated_needs_humans: "A table with a bot is never rated.",
    spectator_chat: "Spectators may write in the chat",
    rated_badge: "rated", your_move_badge: "your move",
    rated_note: "Rated game", "unrated.off": "Unrated: created so", "unrated.bots": "Unrated: a bot plays at this table",
    "unrated.undo": "Unrated: a move was taken back", "unrated.unknown": "Unrated",
    rated_guests: "It counts for ratings only if every seat is a signed-in player's.",
    chat: "Chat", chat_placeholder: "Message", chat_send: "Send", chat_players_only: "Only the players write in this table's chat.",
    chat_mute: "mute", chat_mute_title: "Hide this author's messages in this browser, at every table",
    chat_hidden: "Muted:", chat_unmute_title: "Show this author's messages again",
    spectator_name: "Spectator", notify: "Tell me when it is my move", notify_on: "You will be told when it is your move.",
    notify_denied: "This browser blocks notifications from this site.", notify_body: "It is your move.",
    rank: "#", player: "Player", rating: "Rating", games_count: "Games", mu_sigma: "μ ± σ",
    no_ratings: "Nobody is rated in this game yet.", no_setups: "No team has finished a rated table yet.",
    rating_note: "Rating = μ − 3σ: the skill a player very likely has at least (μ: the estimate, σ: its uncertainty).",
    opponents: "The game's own rating at each setup", opponents_note: "The team plays against the game: each setup (the options and the number of players) has a rating that learns from every team, and a harder level starts higher.",
    difficulty: "Difficulty", "level.easiest": "easiest", "level.easier": "easier", "level.easy": "easy",
    "level.standard": "standard", "level.harder": "harder", "level.hard": "hard", "level.hardest": "hardest",
    "level.other": "other settings", played: "Played", won: "Won", playing_since: "Playing since",
    rating_history: "Rating over time", axis_games: "Rated games, in order", axis_rating: "Rating (μ ± σ)",
    history_partial: "Only the latest rated games are shown.", recent_games: "Games", no_games: "No games yet.",
    "outcome.won": "won", "outcome.lost": "lost", "outcome.running": "playing", "outcome.abandoned": "abandoned",
    rating_after: "Rating after", date: "Date", outcome: "Result", band_sigma: "μ ± σ", line_mu: "μ",
    "err.unknown_player": "There is no player of that name.",
    "err.bad_chat": "The message is empty, too long (500 characters at most) or holds control characters.",
    "err.chat_closed": "Only the players may write in this table's chat.",
    "err.bad_spectator_chat": "The chat setting is not valid.",
    how_to_play: "How to play", rules: "Rules of the games",
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
    yes: "да", no: "нет", "reason.unfinished": "партия не закончена", details: "Подробности",
    connecting: "Подключение…", connected: "Подключено", disconnected: "Связь потеряна, переподключаемся…",
    claim_title: "Занять это место", claim: "Сесть", not_started: "Ждём, пока займут все места",
    back_to_lobby: "Лобби", moves: "ходов", start: "В начало", prev: "Назад", next: "Вперёд",
    end: "В конец", step: "Шаг", no_tables: "Столов нет", name_needed: "Введите имя",
    offline: "не в сети", description: "Об игре", seats_taken: "Места",
    error: "Ошибка", bot_spec: "Бот и его параметры, например mcts(ms=500)",
    "botname.random": "случайные ходы", "botname.heuristic": "эвристика",
    "botname.mcts": "поиск (MCTS)", "botname.greedy": "жадный", "botname.cautious": "осторожный", "botname.policy": "обученная модель",
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
    "err.bad_origin": "Запрос пришёл с другого сайта; пользуйтесь страницами этого сайта.",
    "err.bad_request": "Неверный запрос.",
    "err.bad_table_name": "Такое название стола недопустимо: 1–64 символа, без управляющих символов.",
    "err.bad_action": "Ход передан с ошибкой.", "err.bad_content_type": "Запрос не в формате, который ждёт сервер.",
    "err.bad_cookie": "Неверный выбор места.", "err.bad_game": "Такой игры здесь нет.",
    "err.unknown_game": "Такой игры здесь нет.", "err.bad_private": "Неверная настройка закрытого стола.", "err.bad_rated": "Неверная настройка рейтинговой игры.",
    "err.bad_record": "Запись партии не удаётся воспроизвести.", "err.bad_seat": "Такого места нет.",
    "err.bad_seats": "Места заданы неверно для этой игры.", "err.internal": "Ошибка на сервере; попробуйте ещё раз.",
    "err.method_not_allowed": "Такой запрос здесь не разрешён.", "err.not_finished": "Запись партии открывается после её окончания.",
    "err.rules_version": "Партия сыграна по другим правилам, её нельзя показать.",
    "err.unavailable": "Стол сейчас не загрузить; попробуйте ещё раз.",
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
    clock: "Часы", "clock.none": "Без часов (дружеская)", "clock.live": "Живая игра", "clock.turn": "Пошаговая",
    move_seconds: "Секунд на ход", reserve_minutes: "Запас, минут", move_hours: "Часов на ход",
    reserve_days: "Запас, дней", timeout: "Когда время вышло", "timeout.bot": "место занимает бот",
    "timeout.drop": "игрок выбывает (последнее место)", resign: "Сдаться", leave_team: "Покинуть команду",
    confirm_resign: "Сдаться? Вы займёте последнее место, а ваше место доиграет бот.",
    confirm_leave: "Покинуть команду? Ваше место займёт бот.",
    take_back: "Вернуться на своё место", cancel_table: "Отменить стол",
    confirm_cancel: "Отменить этот стол? Сыграть за ним будет нельзя.",
    "state.resigned": "сдался", "state.left": "покинул команду", "state.timeout": "время вышло, играет бот",
    "state.dropped": "выбыл (время вышло)", "status.abandoned": "Брошена: все игроки ушли",
    "status.cancelled": "Отменён создателем", "status.expired": "Истёк: не начался вовремя",
    "ev.resigned": "сдаётся; место доигрывает бот", "ev.left": "покидает команду; место занимает бот",
    "ev.timeout": "не успевает походить; место занимает бот", "ev.dropped": "не успевает походить и выбывает",
    "ev.back": "возвращается на своё место", "ev.cancelled": "Стол отменён.",
    "ev.expired": "Стол истёк: места не заняли вовремя.",
    "ev.abandoned": "Все игроки ушли: игра окончена.", forfeited: "выбыл",
    bot_plays_you: "За вас играет бот.",
    "err.bad_clock": "Такие часы недопустимы.", "err.bad_timeout": "Такая настройка тайм-аута недопустима.",
    "err.already_resigned": "Вы уже вышли из этой игры.", "err.forfeited": "Вы вышли из игры: место вернуть нельзя.",
    "err.not_taken": "За ваше место не играет бот.", "err.bot_seat": "Сейчас за ваше место играет бот.",
    "err.seat_back": "Игрок вернулся на своё место.", "err.time_out": "Время на этот ход вышло.",
    "err.started": "Игра уже началась: отменить стол нельзя.",
    "err.not_creator": "Отменить стол может только его создатель.",
    abandoned_tables: "Брошенные", cancelled_tables: "Отменённые", expired_tables: "Истёкшие",
    account: "Учётная запись", guest_note: "Вы играете как гость. С учётной записью ваши столы видны в любом браузере.",
    user_name: "Имя пользователя", password: "Пароль", sign_up: "Зарегистрироваться", sign_in: "Войти", sign_out: "Выйти",
    signed_in_as: "Вы вошли как", change_password: "Сменить пароль", old_password: "Текущий пароль",
    new_password: "Новый пароль", password_changed: "Пароль изменён; в других браузерах выполнен выход.",
    "err.bad_account_name": "Имя пользователя: от 3 до 32 символов, без управляющих символов.",
    "err.bad_password": "Пароль: от 8 до 128 символов.",
    "err.name_taken": "Это имя пользователя уже занято.",
    "err.bad_credentials": "Неверное имя пользователя или пароль.",
    "err.not_signed_in": "Сначала войдите.",
    "err.not_your_seat": "Это место принадлежит другой учётной записи.",
    play_bots: "Играть с ботами", play_bots_note: "Стол, где остальные места занимают боты; вы садитесь сразу.",
    bots_table_name: "{game}: {name} против ботов", guest: "Гость",
    zoom_in: "Увеличить карту", zoom_out: "Вся карта на экране",
    leaderboards: "Рейтинги", leaderboard: "Рейтинг", my_profile: "Мой профиль", profile: "Профиль",
    rated_table: "Рейтинговая: идёт в рейтинг, если все игроки вошли в учётные записи",
    rated_needs_humans: "Стол с ботом не бывает рейтинговым.",
    spectator_chat: "Зрители могут писать в чат",
    rated_badge: "рейтинговая", your_move_badge: "ваш ход",
    rated_note: "Рейтинговая партия", "unrated.off": "Без рейтинга: так создан стол", "unrated.bots": "Без рейтинга: за столом играет бот",
    "unrated.undo": "Без рейтинга: ход был отменён", "unrated.unknown": "Без рейтинга",
    rated_guests: "Партия пойдёт в рейтинг, только если все места заняты игроками с учётной записью.",
    chat: "Чат", chat_placeholder: "Сообщение", chat_send: "Отправить", chat_players_only: "В чат этого стола пишут только игроки.",
    chat_mute: "скрыть", chat_mute_title: "Скрывать сообщения этого автора в этом браузере, за всеми столами",
    chat_hidden: "Скрыты:", chat_unmute_title: "Снова показывать сообщения этого автора",
    spectator_name: "Зритель", notify: "Сообщать, когда мой ход", notify_on: "Вы получите уведомление, когда настанет ваш ход.",
    notify_denied: "Этот браузер запрещает уведомления от сайта.", notify_body: "Ваш ход.",
    rank: "№", player: "Игрок", rating: "Рейтинг", games_count: "Партии", mu_sigma: "μ ± σ",
    no_ratings: "В этой игре пока ни у кого нет рейтинга.", no_setups: "Ни одна команда ещё не доиграла рейтинговую партию.",
    rating_note: "Рейтинг = μ − 3σ: уровень, не ниже которого игрок почти наверняка играет (μ — оценка, σ — её неопределённость).",
    opponents: "Рейтинг самой игры при каждой настройке", opponents_note: "Команда играет против игры: у каждой настройки (параметры и число игроков) свой рейтинг, он учится на каждой команде, а более трудный уровень начинает выше.",
    difficulty: "Сложность", "level.easiest": "самая лёгкая", "level.easier": "облегчённая", "level.easy": "лёгкая",
    "level.standard": "стандартная", "level.harder": "усложнённая", "level.hard": "трудная", "level.hardest": "самая трудная",
    "level.other": "другие настройки", played: "Сыграно", won: "Побед", playing_since: "Играет с",
    rating_history: "Рейтинг со временем", axis_games: "Рейтинговые партии по порядку", axis_rating: "Рейтинг (μ ± σ)",
    history_partial: "Показаны только последние рейтинговые партии.", recent_games: "Партии", no_games: "Партий пока нет.",
    "outcome.won": "победа", "outcome.lost": "поражение", "outcome.running": "идёт", "outcome.abandoned": "брошена",
    rating_after: "Рейтинг после", date: "Дата", outcome: "Итог", band_sigma: "μ ± σ", line_mu: "μ",
    "err.unknown_player": "Игрока с таким именем нет.",
    "err.bad_chat": "Сообщение пустое, слишком длинное (не больше 500 символов) или содержит управляющие символы.",
    "err.chat_closed": "В чат этого стола могут писать только игроки.",
    "err.bad_spectator_chat": "Неверная настройка чата.",
    how_to_play: "Как играть", rules: "Правила игр",
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
  // the server's own message is English: shown beside the English text only
  if (known) return lang === "en" && err.message ? `${known} (${err.message})` : known;
  return err.message || String(err.code);
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
  const name = p.name || t(p.invited ? "invited_seat" : "free_seat", lang);
  return p.state ? `${name} (${t("state." + p.state, lang)})` : name;
}

// Seconds as a clock shows them: 4:05, 1:02:03, or 2 d 3 h for a turn-based game.
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? h + ":" : ""}${mm}:${String(r).padStart(2, "0")}`;
}

export function creatorKey(tableId) { return `railtable.creator.${tableId}`; }

// The log with the table's lifecycle events (resigned, timeout...) among the moves, each
// after the moves played before it; events after move `upto` are left out (a replay).
export function withEvents(log, events, players, lang, upto = Infinity) {
  const lines = (events || []).filter((e) => e.moves <= upto).map((e) => ({seq: e.moves, kind: e.kind,
    text: e.seat === null ? t("ev." + e.kind, lang)
      : `${(players[e.seat] && players[e.seat].name) || "?"} ${t("ev." + e.kind, lang)}`}));
  const out = [];
  let k = 0;
  for (const e of log) {
    while (k < lines.length && lines[k].seq < e.seq) out.push(lines[k++]);
    out.push(e);
  }
  return out.concat(lines.slice(k));
}

// Why a game ended, from the game's catalogue ("reasons" of its i18n.json), never the id.
export function reasonText(i18n, reason, lang) {
  const reasons = (i18n && i18n.reasons) || {};
  return reasons[reason] || (STRINGS[lang] && STRINGS[lang]["reason." + reason]) || "—";
}

// The result's per-seat details as rows [label, [text per seat]], labels from the game's
// "details", ids named by its "detail_values" sections, booleans as yes/no
// (the same as railtable.language.detail_rows).
export function detailRows(i18n, details, lang) {
  const labels = (i18n && i18n.details) || {}, named = (i18n && i18n.detail_values) || {};
  const keys = [];
  for (const d of details || []) for (const k of Object.keys(d)) if (!keys.includes(k)) keys.push(k);
  const text = (k, v) => {
    if (typeof v === "boolean") return t(v ? "yes" : "no", lang);
    if (v === null || v === undefined) return "—";
    if (named[k] && typeof v === "string") {
      const names = i18n[named[k]] || {};
      return v.split("+").map((x) => names[x] || x).join(" + ");
    }
    return String(v);
  };
  return keys.map((k) => [labels[k] || k, details.map((d) => text(k, d[k]))]);
}

// The details as a table, one row per detail and one column per seat.
export function detailsTable(i18n, details, names, lang) {
  const rows = detailRows(i18n, details, lang);
  if (!rows.length) return null;
  return el("table", {class: "details", id: "result-details"},
    el("tr", {}, el("th", {}, t("details", lang)), names.map((n) => el("th", {}, n))),
    rows.map(([label, vals]) => el("tr", {}, el("td", {}, label), vals.map((v) => el("td", {}, v)))));
}

// The address of a game's "how to play" page in a language (railtable/server/howto_page.py).
export function howtoUrl(gameId, lang) {
  return `/games/${encodeURIComponent(gameId)}/howto?lang=${lang}`;
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

// An account's profile page (names link to it from the leaderboard and the table).
export function profileHref(name) { return `/player/${encodeURIComponent(name)}`; }

export function leaderboardHref(game) { return `/leaderboard/${encodeURIComponent(game)}`; }

// A rating as the leaderboard shows it: the ordinal, and μ ± σ.
export function ratingText(r) {
  return `${r.ordinal.toFixed(1)} (${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)})`;
}

export function tokenKey(tableId) { return `railtable.token.${tableId}`; }
