import { createContext, useContext } from 'react';

/** True while a navigation renders its next screen (its chunk, texts or page still loading); set by AppRouter. */
export const NavigationPending = createContext(false);
export const useNavigationPending = () => useContext(NavigationPending);
