/// The definitions of every component and action Beagle 1.x registers on iOS: the
/// components here, the actions in their families' files (`Actions/<Family>/`), each
/// named by its ``BuiltInComponent`` or ``BuiltInAction`` case, so they can be audited
/// against docs/spec.md §2 and §3 at a glance.
///
/// Legend: `required` = iOS fails to decode without it; `expr` = accepts `@{…}`.
package enum BuiltIns {
  // MARK: - Shared field groups

  /// `id`, `style`, `accessibility`: read by iOS widgets only (docs/spec.md §1.5).
  static let widget: [FieldSpec] = [
    FieldSpec("id", .string),
    style,
    FieldSpec("accessibility", .structure(accessibilityFields)),
  ]

  /// Keys any component may carry without a warning, whether or not its type reads
  /// them: iOS ignores them on non-widgets, web reads `id`, `style` and `context` on
  /// every component (docs/spec.md §1.5).
  static let commonComponentFields = ["id", "style", "accessibility", "context"]

  /// Keys any action may carry (docs/spec.md §3.1).
  static let commonActionFields = ["analytics"]

  // MARK: - Style (docs/spec.md §1.6) and accessibility (§1.7)

  static let unitValue = FieldKind.structure([
    FieldSpec("value", .number), FieldSpec("type", .enumeration(["AUTO", "REAL", "PERCENT"])),
  ])

  static let edgeValue = FieldKind.structure(
    ["left", "top", "right", "bottom", "horizontal", "vertical", "all"].map {
      FieldSpec($0, unitValue)
    })

  static let flexAlignment = ["FLEX_START", "CENTER", "FLEX_END"]

  static let flexFields: [FieldSpec] = [
    FieldSpec(
      "flexDirection", .enumeration(["ROW", "ROW_REVERSE", "COLUMN", "COLUMN_REVERSE"])),
    FieldSpec("flexWrap", .enumeration(["NO_WRAP", "WRAP", "WRAP_REVERSE"])),
    FieldSpec(
      "justifyContent",
      .enumeration(flexAlignment + ["SPACE_BETWEEN", "SPACE_AROUND", "SPACE_EVENLY"])),
    FieldSpec("alignItems", .enumeration(flexAlignment + ["BASELINE", "STRETCH"])),
    FieldSpec("alignSelf", .enumeration(flexAlignment + ["BASELINE", "STRETCH", "AUTO"])),
    FieldSpec(
      "alignContent",
      .enumeration(flexAlignment + ["SPACE_BETWEEN", "SPACE_AROUND", "STRETCH"])),
    FieldSpec("basis", unitValue),
    FieldSpec("flex", .number),
    FieldSpec("grow", .number),
    FieldSpec("shrink", .number),
  ]

  static let styleFields: [FieldSpec] = [
    FieldSpec("backgroundColor", .string),
    FieldSpec(
      "cornerRadius",
      .structure(
        ["radius", "topLeft", "topRight", "bottomLeft", "bottomRight"].map {
          FieldSpec($0, .number)
        })),
    FieldSpec("borderColor", .string),
    FieldSpec("borderWidth", .number),
    FieldSpec(
      "size",
      .structure(
        ["width", "height", "maxWidth", "maxHeight", "minWidth", "minHeight"].map {
          FieldSpec($0, unitValue)
        } + [FieldSpec("aspectRatio", .number)])),
    FieldSpec("margin", edgeValue),
    FieldSpec("padding", edgeValue),
    FieldSpec("position", edgeValue),
    FieldSpec("positionType", .enumeration(["RELATIVE", "ABSOLUTE"])),
    FieldSpec("display", .enumeration(["FLEX", "NONE"]), acceptsExpression: true),
    FieldSpec("flex", .structure(flexFields)),
  ]

  package static let style = FieldSpec("style", .structure(styleFields))

  package static let accessibilityFields: [FieldSpec] = [
    FieldSpec("accessible", .bool, isRequired: true),  // iOS fails without it (docs/spec.md §1.7)
    FieldSpec("accessibilityLabel", .string),
    FieldSpec("isHeader", .bool),
  ]

  static let context = FieldSpec("context", .context)
  static let styleId = FieldSpec("styleId", .string)
  static let direction = FieldSpec("direction", .enumeration(["VERTICAL", "HORIZONTAL"]))
  static let clickAnalytics = FieldSpec(
    "clickAnalyticsEvent", .object, deprecation: "the action's 'analytics' field (analytics 2.0)")

  static let navigationContext = FieldSpec("navigationContext", .object)
  static let analytics = FieldSpec("analytics", .analytics)

  static let httpMethods = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"]

  static let screenFields: [FieldSpec] = [
    FieldSpec("identifier", .string),
    FieldSpec("id", .string),
    FieldSpec("child", .component, isRequired: true),
    FieldSpec("navigationBar", .navigationBar),
    FieldSpec("safeArea", .object),
    style,
    context,
    FieldSpec(
      "screenAnalyticsEvent", .object, deprecation: "the analytics provider's screen records"),
  ]

  static let navigationBarFields: [FieldSpec] = [
    FieldSpec("title", .string, isRequired: true),
    FieldSpec("showBackButton", .bool),
    styleId,
    FieldSpec("backButtonAccessibility", .object),
    FieldSpec("navigationBarItems", .objects(navigationBarItemFields)),
  ]

  static let navigationBarItemFields: [FieldSpec] = [
    FieldSpec("_beagleComponent_", .string),
    FieldSpec("text", .string, isRequired: true),
    FieldSpec("image", .imagePath),
    FieldSpec("action", .action),
    FieldSpec("onPress", .actions),
    FieldSpec("id", .string),
    FieldSpec("accessibility", .object),
  ]

  static let listFields: [FieldSpec] = [
    FieldSpec("dataSource", .array, acceptsExpression: true),
    FieldSpec("templates", .templates),
    FieldSpec("iteratorName", .string),
    FieldSpec("indexName", .string),
    FieldSpec("key", .string),
    direction,
    FieldSpec("onScrollEnd", .actions),
    FieldSpec("scrollEndThreshold", .int),
    FieldSpec("isScrollIndicatorVisible", .bool),
    context,
    FieldSpec("onInit", .actions),
  ]

  // MARK: - Components (docs/spec.md §2)

  static let components: [ComponentDefinition] = [
    ComponentDefinition(.screenComponent, fields: screenFields),
    ComponentDefinition(
      .container,
      fields: [
        FieldSpec("children", .components), context, FieldSpec("onInit", .actions), styleId,
      ] + widget),
    ComponentDefinition(
      .text,
      fields: [
        FieldSpec("text", .string, isRequired: true, acceptsExpression: true), styleId,
        FieldSpec(
          "alignment", .enumeration(["LEFT", "RIGHT", "CENTER"]), acceptsExpression: true),
        FieldSpec("textColor", .string, acceptsExpression: true),
      ] + widget),
    ComponentDefinition(
      .button,
      fields: [
        FieldSpec("text", .string, isRequired: true, acceptsExpression: true),
        FieldSpec("onPress", .actions),
        FieldSpec("enabled", .bool, acceptsExpression: true), styleId, clickAnalytics,
      ] + widget),
    ComponentDefinition(
      .touchable,
      fields: [
        FieldSpec("onPress", .actions, isRequired: true),
        FieldSpec("child", .component, isRequired: true), clickAnalytics,
      ]),
    ComponentDefinition(
      .image,
      fields: [
        FieldSpec("path", .imagePath, isRequired: true, acceptsExpression: true),
        FieldSpec(
          "mode", .enumeration(["FIT_XY", "FIT_CENTER", "CENTER_CROP", "CENTER"])),
      ] + widget),
    ComponentDefinition(
      .textInput,
      fields: [
        FieldSpec("value", .string, acceptsExpression: true),
        FieldSpec("placeholder", .string, acceptsExpression: true),
        FieldSpec("enabled", .bool, acceptsExpression: true),
        FieldSpec("disabled", .bool, acceptsExpression: true, deprecation: "'enabled'"),
        FieldSpec("readOnly", .bool, acceptsExpression: true),
        FieldSpec(
          "type", .enumeration(["DATE", "EMAIL", "PASSWORD", "NUMBER", "TEXT"]),
          acceptsExpression: true),
        FieldSpec("hidden", .bool, acceptsExpression: true, deprecation: "'style.display'"),
        styleId,
        FieldSpec("error", .string, acceptsExpression: true),
        FieldSpec("showError", .bool, acceptsExpression: true),
        FieldSpec("onChange", .actions),
        FieldSpec("onFocus", .actions),
        FieldSpec("onBlur", .actions),
      ] + widget),
    ComponentDefinition(
      .listView,
      fields: listFields + [
        FieldSpec("template", .component, deprecation: "'templates'"),
        FieldSpec("children", .components, deprecation: "'dataSource' with 'templates'"),
      ] + widget),
    ComponentDefinition(
      .gridView,
      fields: listFields + [
        FieldSpec("spanCount", .int),
        FieldSpec("numColumns", .int, deprecation: "'spanCount'"),
      ] + widget),
    ComponentDefinition(
      .scrollView,
      fields: [
        FieldSpec("children", .components),
        FieldSpec("scrollDirection", .enumeration(["VERTICAL", "HORIZONTAL"])),
        FieldSpec("scrollBarEnabled", .bool), context,
      ]),
    ComponentDefinition(
      .pageView,
      fields: [
        FieldSpec("children", .components),
        FieldSpec("currentPage", .int, acceptsExpression: true),
        FieldSpec("onPageChange", .actions), context,
        FieldSpec("pageIndicator", .component, deprecation: "a separate 'beagle:pageIndicator'"),
        FieldSpec("showArrow", .bool),
      ]),
    ComponentDefinition(
      .pageIndicator,
      fields: [
        FieldSpec("selectedColor", .string), FieldSpec("unselectedColor", .string),
        FieldSpec("numberOfPages", .int), FieldSpec("currentPage", .int, acceptsExpression: true),
      ]),
    ComponentDefinition(
      .tabBar,
      fields: [
        FieldSpec(
          "items", .objects([FieldSpec("title", .string), FieldSpec("icon", .tabIcon)]),
          isRequired: true),
        FieldSpec("currentTab", .int, acceptsExpression: true),
        FieldSpec("onTabSelection", .actions), styleId,
      ]),
    ComponentDefinition(
      .tabView,
      fields: [
        FieldSpec("children", .tabItems, isRequired: true), styleId, context,
      ], deprecation: "'beagle:tabBar' with 'beagle:pageView'"),
    ComponentDefinition(
      .tabItem,
      fields: [
        FieldSpec("title", .string), FieldSpec("icon", .tabIcon),
        FieldSpec("child", .component, isRequired: true),
      ], deprecation: "'beagle:tabBar' with 'beagle:pageView'"),
    ComponentDefinition(
      .pullToRefresh,
      fields: [
        FieldSpec("child", .component, isRequired: true),
        FieldSpec("onPull", .actions),
        FieldSpec("isRefreshing", .bool, acceptsExpression: true),
        FieldSpec("color", .string, acceptsExpression: true), context,
      ]),
    ComponentDefinition(
      .lazyComponent,
      fields: [
        FieldSpec("path", .string, isRequired: true),
        FieldSpec("initialState", .component, isRequired: true),
      ]),
    ComponentDefinition(
      .webView,
      fields: [FieldSpec("url", .string, isRequired: true, acceptsExpression: true)] + widget),
    ComponentDefinition(
      .simpleForm,
      fields: [
        FieldSpec("children", .components),
        FieldSpec("onSubmit", .actions),
        FieldSpec("onValidationError", .actions), context,
      ] + widget),
    ComponentDefinition(
      .form,
      fields: [
        FieldSpec("onSubmit", .actions), FieldSpec("child", .component, isRequired: true),
        FieldSpec("group", .string), FieldSpec("additionalData", .object),
        FieldSpec("shouldStoreFields", .bool),
      ], deprecation: "'beagle:simpleForm'"),
    ComponentDefinition(
      .formInput,
      fields: [
        FieldSpec("name", .string, isRequired: true), FieldSpec("required", .bool),
        FieldSpec("validator", .string), FieldSpec("errorMessage", .string),
        FieldSpec("child", .component, isRequired: true),
      ], deprecation: "'beagle:textInput' inside 'beagle:simpleForm'"),
    ComponentDefinition(
      .formSubmit,
      fields: [
        FieldSpec("child", .component, isRequired: true), FieldSpec("enabled", .bool),
      ], deprecation: "'beagle:submitForm' inside 'beagle:simpleForm'"),
  ]

  // MARK: - Actions (docs/spec.md §3)

  static let routeFields: [FieldSpec] = [
    FieldSpec("screen", .screen),
    FieldSpec("url", .string, acceptsExpression: true),
    FieldSpec("shouldPrefetch", .bool),
    FieldSpec("fallback", .screen),
    FieldSpec(
      "httpAdditionalData",
      .structure([
        FieldSpec("method", .enumeration(httpMethods)),
        FieldSpec("headers", .object),
        FieldSpec("body", .any),
      ])),
  ]

  /// Every built-in action, family by family (`Actions/<Family>/`); ``BuiltInAction`` lists them.
  static let actions: [ActionDefinition] =
    NavigationActions.definitions + SetContextAction.definitions + SendRequestAction.definitions
    + AlertActions.definitions + ConditionAction.definitions + AddChildrenAction.definitions
    + FormActions.definitions
}
