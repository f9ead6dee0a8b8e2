//! `DocRole`: what a scanned file is for (SPEC section 13, "§10 doc roles"). The type
//! lives at the top so that the configuration (`include_roles`) and the scanner, which
//! classifies files (`scan/role.rs`), share it without importing each other.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a file is for.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DocRole {
    /// Loaded into every agent session: root `CLAUDE.md`/`AGENTS.md`/`GEMINI.md`,
    /// `.github/copilot-instructions.md`, configured `always_loaded` globs and imports.
    AgentContext,
    /// Loaded when an agent works in its folder: nested `AGENTS.md`/`CLAUDE.md`/
    /// `GEMINI.md`, `.github/instructions/*.instructions.md`.
    NestedAgentContext,
    /// Loaded by an agent on demand: skills, commands, sub-agents, rules
    /// (`.claude/`, `.agents/`, `.cursor/`, `.gemini/`, `.codex/`, `.github/prompts/`,
    /// any `SKILL.md`, folders named for agents such as `agent_docs/`).
    AgentDoc,
    /// A document for people that is not one of the others.
    #[default]
    UserDoc,
    /// A page of a docs site (mkdocs, mdBook, Docusaurus, VitePress content folder).
    SitePage,
    /// A changelog, release notes or news file: history by design.
    Changelog,
    /// A translation of another doc (`README.zh.md`, `docs/ja/…`).
    Translation,
    /// An issue or pull-request template, a file under `templates/`, or a project
    /// scaffold (`template-react-ts/`, `{{cookiecutter.slug}}/`).
    Template,
    /// Input of a test (`fixtures/`, `testdata/`, `tests/**`): often broken on purpose.
    TestFixture,
    /// Generated or vendored (`third_party/`, `dist/`, `linguist-generated`, a skill a
    /// skill manager installed from another repository).
    Generated,
}

impl DocRole {
    /// Every role, in the order of SPEC section 13.
    pub const ALL: [DocRole; 10] = [
        DocRole::AgentContext,
        DocRole::NestedAgentContext,
        DocRole::AgentDoc,
        DocRole::UserDoc,
        DocRole::SitePage,
        DocRole::Changelog,
        DocRole::Translation,
        DocRole::Template,
        DocRole::TestFixture,
        DocRole::Generated,
    ];

    /// The name as written in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            DocRole::AgentContext => "agent_context",
            DocRole::NestedAgentContext => "nested_agent_context",
            DocRole::AgentDoc => "agent_doc",
            DocRole::UserDoc => "user_doc",
            DocRole::SitePage => "site_page",
            DocRole::Changelog => "changelog",
            DocRole::Translation => "translation",
            DocRole::Template => "template",
            DocRole::TestFixture => "test_fixture",
            DocRole::Generated => "generated",
        }
    }

    /// Whether files of this role are left out of the default scope.
    pub fn skipped_by_default(self) -> bool {
        matches!(self, DocRole::TestFixture | DocRole::Translation | DocRole::Generated)
    }

    /// Whether an agent reads the file (its token cost and accuracy matter most).
    pub fn is_agent_facing(self) -> bool {
        matches!(self, DocRole::AgentContext | DocRole::NestedAgentContext | DocRole::AgentDoc)
    }

    /// Whether the file describes the code as it is now, so that code changes can make
    /// it stale (`edit_recency_vs_churn`) and versions in it should be current
    /// (`version_skew`). Changelogs and templates are history or forms, not descriptions.
    pub fn describes_current_code(self) -> bool {
        !matches!(
            self,
            DocRole::Changelog
                | DocRole::Template
                | DocRole::TestFixture
                | DocRole::Translation
                | DocRole::Generated
        )
    }
}

impl std::fmt::Display for DocRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
