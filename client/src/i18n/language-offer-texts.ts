import type { LanguageCode } from './languages';

/**
 * The offer of the browser's language, written in that language (its catalog is not loaded yet: the visitor
 * reads the offer before switching). `text` names the language; `switch` changes to it; `dismiss` keeps the page's.
 */
export const LANGUAGE_OFFER_TEXTS: Record<LanguageCode, { text: string; switch: string; dismiss: string }> = {
  en: { text: 'This page is available in English', switch: 'Switch', dismiss: 'No, thanks' },
  es: { text: 'Esta página está disponible en español', switch: 'Cambiar', dismiss: 'No, gracias' },
  de: { text: 'Diese Seite gibt es auf Deutsch', switch: 'Wechseln', dismiss: 'Nein, danke' },
  fr: { text: 'Cette page existe en français', switch: 'Changer', dismiss: 'Non merci' },
  ru: { text: 'Эта страница есть на русском', switch: 'Переключить', dismiss: 'Нет, спасибо' },
  ja: { text: 'このページは日本語でもご覧いただけます', switch: '切り替える', dismiss: '閉じる' },
  zh: { text: '本页面有中文版', switch: '切换', dismiss: '不用了' },
  ko: { text: '이 페이지는 한국어로도 볼 수 있습니다', switch: '전환', dismiss: '괜찮습니다' },
  hi: { text: 'यह पेज हिन्दी में भी उपलब्ध है', switch: 'बदलें', dismiss: 'नहीं, धन्यवाद' },
  bn: { text: 'এই পাতাটি বাংলাতেও আছে', switch: 'বদলান', dismiss: 'না, ধন্যবাদ' },
  pt: { text: 'Esta página está disponível em português', switch: 'Mudar', dismiss: 'Não, obrigado' },
  ur: { text: 'یہ صفحہ اردو میں بھی دستیاب ہے', switch: 'تبدیل کریں', dismiss: 'نہیں، شکریہ' },
  id: { text: 'Halaman ini tersedia dalam Bahasa Indonesia', switch: 'Ganti', dismiss: 'Tidak, terima kasih' },
  sw: { text: 'Ukurasa huu unapatikana kwa Kiswahili', switch: 'Badilisha', dismiss: 'Hapana, asante' },
  ar: { text: 'هذه الصفحة متوفرة باللغة العربية', switch: 'التبديل', dismiss: 'لا، شكرًا' },
};
