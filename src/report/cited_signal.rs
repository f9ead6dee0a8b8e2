//! `CitedSignal`: what a proposal or an entry rests on — one of the scanner's signal
//! names, or the reserved `agent_observation`, a finding the agent made that no signal
//! covers (it then carries its [`Evidence`](super::Evidence)). The scanner never emits
//! `agent_observation`; only an answer may cite it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scan::SignalName;

/// A signal name as a proposal cites it, spelled as in JSON.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CitedSignal {
    BrokenReference,
    StaleNameLocation,
    VersionSkew,
    EditRecencyVsChurn,
    ArchiveToLiveRatio,
    FrontmatterMarker,
    DuplicateContent,
    TokenBudget,
    /// Reserved: a problem the agent saw that no scanner signal covers.
    AgentObservation,
}

impl From<SignalName> for CitedSignal {
    fn from(name: SignalName) -> Self {
        // Exhaustive on purpose: a new scanner signal must be citable.
        match name {
            SignalName::BrokenReference => CitedSignal::BrokenReference,
            SignalName::StaleNameLocation => CitedSignal::StaleNameLocation,
            SignalName::VersionSkew => CitedSignal::VersionSkew,
            SignalName::EditRecencyVsChurn => CitedSignal::EditRecencyVsChurn,
            SignalName::ArchiveToLiveRatio => CitedSignal::ArchiveToLiveRatio,
            SignalName::FrontmatterMarker => CitedSignal::FrontmatterMarker,
            SignalName::DuplicateContent => CitedSignal::DuplicateContent,
            SignalName::TokenBudget => CitedSignal::TokenBudget,
        }
    }
}

impl CitedSignal {
    /// The reserved name an agent-found proposal cites.
    pub(crate) const AGENT_OBSERVATION: &'static str = "agent_observation";

    /// The name as written in JSON and in text output.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            CitedSignal::AgentObservation => Self::AGENT_OBSERVATION,
            other => SignalName::ALL
                .into_iter()
                .find(|n| CitedSignal::from(*n) == other)
                .map_or("", SignalName::as_str),
        }
    }

    /// Whether this is the scanner's signal `name`.
    pub(crate) fn is(self, name: SignalName) -> bool {
        self == CitedSignal::from(name)
    }
}

impl std::fmt::Display for CitedSignal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scanner_signal_is_citable_under_its_own_name() {
        for name in SignalName::ALL {
            let cited = CitedSignal::from(name);
            assert_eq!(cited.as_str(), name.as_str());
            assert_eq!(serde_json::to_value(cited).unwrap(), serde_json::to_value(name).unwrap());
        }
        let reserved: CitedSignal = serde_json::from_str("\"agent_observation\"").unwrap();
        assert_eq!(reserved, CitedSignal::AgentObservation);
        assert_eq!(reserved.as_str(), "agent_observation");
    }
}
