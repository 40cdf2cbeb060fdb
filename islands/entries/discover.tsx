import { hydrateIslands } from "../runtime/hydrate";
import { SafetyMenu } from "../components/safety-menu";
import { SwipeDeck, type SwipeDeckProps } from "../swipe-deck";

/** The Discover page: the deck, with the safety area's report / block menu in each card's info overlay. */
function DiscoverDeck(props: SwipeDeckProps) {
  return <SwipeDeck {...props} safetySlot={(card, onRemoved) => <SafetyMenu userId={card.id} name={card.firstName} onRemoved={onRemoved} triggerClassName="button button-outline" />} />;
}

hydrateIslands({ "swipe-deck": DiscoverDeck });
