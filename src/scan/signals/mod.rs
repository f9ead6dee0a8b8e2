//! The eight signals of SPEC section 10, one file each, plus the helpers they share.

pub mod always_loaded;
pub mod archive_to_live_ratio;
pub mod body_links;
pub mod broken_reference;
pub mod by_cause;
pub mod closest_anchor;
pub mod code_path;
pub mod duplicate_content;
pub mod edit_recency_vs_churn;
pub mod frontmatter_marker;
pub mod included;
pub mod layout_lists;
pub mod line_links;
pub mod make_targets;
pub mod manifests;
pub mod package_extras;
pub mod package_scripts;
pub mod route_links;
pub mod sections;
pub mod site_urls;
pub mod skill_sources;
pub mod stale_name_location;
pub mod token_budget;
pub mod tree_paths;
pub mod version_folders;
pub mod version_skew;
